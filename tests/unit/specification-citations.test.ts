// The product specification lives in the repository (docs/specification.md): every « docs/specification.md §n » a
// comment, a test or a document cites names a section it has, and nothing cites a specification outside it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const SPECIFICATION = 'docs/specification.md';
const sections = new Set(
  [...fs.readFileSync(path.join(ROOT, SPECIFICATION), 'utf8').matchAll(/^## (\d+)\./gm)].map((m) => m[1]),
);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js|css|md)$/.test(file) && file !== SPECIFICATION)
  .filter((file) => fs.existsSync(path.join(ROOT, file)));
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
// Written so that this file does not cite itself.
const CITATION = new RegExp(`${SPECIFICATION.replace('.', '\\.')}\`? §(\\d+)((?:(?:, | et | and |/)§\\d+)*)`, 'g');

describe('la spécification du produit dans le dépôt', () => {
  it('chaque renvoi « docs/specification.md §n » nomme une section qui existe', () => {
    const cited: string[] = [];
    const missing: string[] = [];
    for (const file of files)
      for (const match of read(file).matchAll(CITATION))
        for (const n of [match[1], ...[...match[2].matchAll(/§(\d+)/g)].map((m) => m[1])]) {
          cited.push(n);
          if (!sections.has(n)) missing.push(`${file} : §${n}`);
        }
    expect(cited.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('aucun renvoi ne cite plus la spécification sous son ancien nom, absent du dépôt', () => {
    // The old name is spelt in two pieces so that this file does not match itself.
    const stale = files.filter((file) => new RegExp(`\\b${'SP'}EC\\b`).test(read(file)));
    expect(stale).toEqual([]);
  });
});
