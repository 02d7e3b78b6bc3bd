// The documents a newcomer reads say what the code does today: every route in the architecture's table, every setting
// in the configuration's, every link to a file that exists, and a README short enough to read first.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTING_NAMES } from '~/.server/platform/config';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** Each route module of app/routes: a file, or a folder's route.tsx. */
function routeModules(): string[] {
  const dir = path.join(ROOT, 'app/routes');
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      const inner = ['route.tsx', 'route.ts'].find((f) => fs.existsSync(path.join(dir, entry.name, f)));
      return inner ? [`${entry.name}/${inner}`] : [];
    }
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [entry.name] : [];
  });
}

const documents = () => [
  'README.md',
  ...fs
    .readdirSync(path.join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('the documents', () => {
  it('name every route in the architecture’s route table', () => {
    const architecture = read('docs/architecture.md');
    const missing = routeModules().filter((module) => !architecture.includes(`| \`${module}\` |`));
    expect(missing).toEqual([]);
  });

  it('name every setting in the configuration document', () => {
    const configuration = read('docs/configuration.md');
    expect(SETTING_NAMES.filter((name) => !configuration.includes(`\`${name}\``))).toEqual([]);
  });

  it('link only to files that exist', () => {
    const broken = documents().flatMap((doc) =>
      [...read(doc).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1])
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !fs.existsSync(path.join(ROOT, path.dirname(doc), target)))
        .map((target) => `${doc} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('keep the README for a newcomer: at most 150 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(150);
  });
});
