// Runs npm scripts side by side (`npm test`: the type check, the lint, the unit tests and the build), each
// line of their output prefixed with the script's name; fails when any of them fails, once all have finished. On a
// 2-core CI machine a stage that leaves a core idle (tsc, the build's bundlers, the last long test file) lends it to
// the other one.
// Usage: node scripts/parallel.mjs typecheck lint
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('Usage : node scripts/parallel.mjs <script npm> [<script npm>…]');
  process.exit(2);
}

const started = Date.now();
const runs = scripts.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
      for (const stream of [child.stdout, child.stderr])
        readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
      child.on('close', (code, signal) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        console.log(`[${name}] ${code === 0 ? 'terminé' : `ÉCHEC (${signal ?? `code ${code}`})`} en ${seconds} s`);
        resolve(code === 0);
      });
    }),
);
const results = await Promise.all(runs);
const failed = scripts.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`Échec : ${failed.join(', ')}`);
  process.exit(1);
}
