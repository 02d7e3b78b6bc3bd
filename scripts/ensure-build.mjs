// `npm start` builds only when needed: no build yet, or a source file newer than the build.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import './check-node.mjs';

// The last file the build writes (scripts/build-server.mjs): a build stopped halfway is built again.
const marker = 'build/server.js';
const sources = ['app', 'public', 'server.ts', 'scripts', 'vite.config.ts', 'package-lock.json'];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
const changed = Math.max(...sources.map(newestMtime));
if (built === 0 || changed > built) {
  console.log(built === 0 ? 'Première construction de l’application…' : 'Sources modifiées : reconstruction…');
  execSync('npm run build', { stdio: 'inherit' });
}
