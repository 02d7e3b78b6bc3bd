// The documents a newcomer reads say what the code does today: every route in the architecture's table, every setting
// in the configuration's, every link to a file that exists, every file a code comment names, and a README short enough
// to read first.
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

/** Every source file of these folders (node_modules aside). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return /\.(tsx?|mjs)$/.test(entry.name) ? [relative] : [];
  });
}

/** The comments of a module, joined. */
const comments = (text: string) => [...text.matchAll(/\/\*[\s\S]*?\*\/|\/\/.*$/gm)].map((m) => m[0]).join('\n');

/** A folder of app/.server that comments name files of without the `app/.server/` before them. */
const SERVER_FOLDERS = fs
  .readdirSync(path.join(ROOT, 'app/.server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The files a comment names that do not exist: an `app/…` path, or a file of a folder of app/.server named from that folder
 * found neither there, nor beside the module, nor one folder up.
 */
function missingPaths(file: string): string[] {
  const text = comments(read(file));
  const full = [...text.matchAll(/(?<![\w./~-])app\/[\w.$[\]/-]*[\w\]]/g)]
    .map((m) => m[0].replace(/\.+$/, ''))
    .filter((named) => !fs.existsSync(path.join(ROOT, named)));
  const short = [
    ...text.matchAll(new RegExp(String.raw`(?<![\w./~-])(?:${SERVER_FOLDERS.join('|')})\/[\w.-]+\.tsx?\b`, 'g')),
  ]
    .map((m) => m[0])
    .filter(
      (named) =>
        ![
          path.join('app/.server', named),
          path.join(path.dirname(file), named),
          path.join(path.dirname(file), '..', named),
        ].some((candidate) => fs.existsSync(path.join(ROOT, candidate))),
    );
  return [...full, ...short].map((named) => `${file} : ${named}`);
}

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

  it('and the code’s comments name only files that exist', () => {
    const files = [
      ...sourceFiles('app'),
      'server.ts',
      ...sourceFiles('scripts'),
      ...sourceFiles('tests'),
      ...sourceFiles('bench'),
    ];
    expect(files.length).toBeGreaterThan(700);
    expect(files.flatMap(missingPaths)).toEqual([]);
  });

  it('name in the cache document every module that keeps a memory', () => {
    // A memory: an LRU, a read cache, a memoised function, or a map named for what it caches.
    const keeps = /new LRUCache|storeReadCache\(|createReadCache\(|memoized\(|\b\w*[cC]ache\w* = new (?:Weak)?Map/;
    const modules = sourceFiles('app')
      .filter((file) => !/\.test\.tsx?$/.test(file) && keeps.test(read(file)))
      .map((file) => file.replace(/^app\/(\.server\/)?/, ''));
    expect(modules.length).toBeGreaterThan(8);
    const table = read('docs/cache.md');
    expect(modules.filter((module) => !table.includes(`\`${module}\``))).toEqual([]);
  });

  it('keep the README for a newcomer: at most 150 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(150);
  });
});
