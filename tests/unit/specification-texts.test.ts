// The texts docs/specification.md quotes are copied as it writes them (issue 68): where the app shows one of them, its
// spaces are the specification's ordinary spaces, never the no-break spaces the rest of the site's French takes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const specification = fs.readFileSync(path.join(ROOT, 'docs/specification.md'), 'utf8');
/** The quoted texts with a space in them (a single word cannot differ by its spaces). */
const quoted = [...new Set([...specification.matchAll(/'([^'\n]{6,})'/g)].map((m) => m[1]))].filter((text) =>
  text.includes(' '),
);
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'app'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
  .filter((file) => fs.existsSync(path.join(ROOT, file)));

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A space as source code may write it: itself, a no-break or narrow no-break space, or their escapes. */
const ANY_SPACE = String.raw`(?: |\u00a0|\u202f|\\u00a0|\\u202f|&nbsp;)`;

describe('les textes de la spécification', () => {
  it('une fois dans l’application, ses espaces sont ceux de la spécification', () => {
    expect(quoted).toContain('Recherche trop longue (maximum 500 caractères)');
    const altered: string[] = [];
    for (const text of quoted) {
      const written = new RegExp(text.split(' ').map(literally).join(ANY_SPACE), 'g');
      for (const file of sources)
        for (const match of fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(written))
          if (match[0] !== text) altered.push(`${file} : ${match[0]}`);
    }
    expect(altered).toEqual([]);
  });
});
