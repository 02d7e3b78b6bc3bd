// The shape decision 033 (composition root) and the architecture description promise, read from the source itself:
// routes reach the data only through use cases, one module decides on the backend, the server entry takes the app
// from its build, and no module grows past what one reading holds.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** The code of a module without its comments, so that a comment naming a thing does not count as using it. */
const code = (file: string) =>
  read(file)
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

const APP = sourceFiles('app');

describe('la structure du code', () => {
  it('les routes ne touchent ni au stockage ni aux adaptateurs : elles passent par un cas d’usage', () => {
    const routes = APP.filter((file) => file.startsWith(path.join('app', 'routes')));
    expect(routes.length).toBeGreaterThan(50);
    const reaching = routes.filter((file) => /getStore\b|from '[^']*\/adapters\//.test(code(file)));
    expect(reaching).toEqual([]);
  });

  it('seule la racine de composition choisit le stockage d’après DATA_BACKEND (la configuration le lit et le vérifie)', () => {
    const readers = APP.filter((file) => !file.endsWith('.test.ts') && /DATA_BACKEND/.test(code(file)));
    expect(readers.sort()).toEqual([
      path.join('app', '.server', 'platform', 'config.ts'),
      path.join('app', '.server', 'services.ts'),
    ]);
    expect(code('server.ts')).not.toMatch(/DATA_BACKEND/);
  });

  it('le serveur prend l’application dans sa construction : aucun import de app/ autre qu’un type, aucun singleton global', () => {
    const imports = code('server.ts').match(/^import (?!type ).* from '\.\/app\/.*$/gm) ?? [];
    expect(imports).toEqual([]);
    expect(APP.filter((file) => /globalThis/.test(code(file)))).toEqual([]);
  });

  it('aucun module de app/ ne dépasse 300 lignes (les données sont en JSON)', () => {
    const long = APP.map((file) => ({ file, lines: read(file).split('\n').length - 1 })).filter((f) => f.lines > 300);
    expect(long).toEqual([]);
  });
});
