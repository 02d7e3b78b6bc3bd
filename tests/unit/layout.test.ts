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
const SERVICES = path.join('app', '.server', 'services.ts');
const PLATFORM = path.join('app', '.server', 'platform') + path.sep;
const SERVER = path.join('app', '.server', 'server') + path.sep;
/** What the base layer may import: itself, the pure domain, the ports (the store's, and each capability's ports.ts). */
const ALLOWED_BELOW_BASE = [
  /^app\/\.server\/platform\//,
  /^app\/domain\//,
  /^app\/\.server\/ports(\.ts|\/)/,
  /^app\/\.server\/[a-z-]+\/ports\.ts$/,
];
/** The modules that mount the server's pieces: the build's entry, the composition root, the list of jobs. */
const SERVER_MOUNTS = [path.join('app', 'entry.server.tsx'), SERVICES, path.join('app', '.server', 'jobs.ts')];

/**
 * The use-case folders: every capability under app/.server, not the HTTP side (http/: what reads a request and
 * answers it), the base layer (platform/), the server (server/), the adapters, nor the ports. Their tests may build what they like.
 */
const NOT_USE_CASES = new Set(['http', 'platform', 'server', 'adapters', 'ports']);
const USE_CASES = APP.filter((file) => {
  const [app, server, folder, ...rest] = file.split(path.sep);
  return (
    app === 'app' &&
    server === '.server' &&
    rest.length > 0 &&
    !NOT_USE_CASES.has(folder) &&
    !/\.test\.tsx?$/.test(file)
  );
});

/** The module's imports and re-exports: where from, and whether only types come (`import type`, `export type`). */
function importsOf(file: string): { from: string; typeOnly: boolean }[] {
  const statements = code(file).match(/^(?:import|export)\s[^;]*?\sfrom\s+'[^']+'/gm) ?? [];
  const bare = code(file).match(/^import\s+'[^']+'/gm) ?? [];
  const dynamic = [...code(file).matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]);
  return [
    ...statements.map((statement) => ({
      from: (statement.match(/'([^']+)'$/) as RegExpMatchArray)[1],
      typeOnly: /^(?:import|export)\s+type\s/.test(statement),
    })),
    ...bare.map((statement) => ({ from: (statement.match(/'([^']+)'/) as RegExpMatchArray)[1], typeOnly: false })),
    ...dynamic.map((from) => ({ from, typeOnly: false })),
  ];
}

/** The file an import of `file` names, relative to the repository (`~/` is app/), or the package's name. */
function resolves(file: string, from: string): string {
  const target = from.startsWith('~/')
    ? path.join('app', from.slice(2))
    : from.startsWith('.')
      ? path.join(path.dirname(file), from)
      : from;
  return from.startsWith('.') || from.startsWith('~/') ? (/\.tsx?$/.test(target) ? target : `${target}.ts`) : target;
}

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
      // The sentence a refused setting shows names DATA_BACKEND among the others (issue 46).
      path.join('app', '.server', 'platform', 'config-messages.ts'),
      path.join('app', '.server', 'platform', 'config.ts'),
      // The supervisor's settings: whether it locks DATA_DIR and starts the jobs' process; it opens no store.
      path.join('app', '.server', 'platform', 'process-settings.ts'),
      path.join('app', '.server', 'services.ts'),
    ]);
    expect(code('server.ts')).not.toMatch(/DATA_BACKEND/);
  });

  it('le serveur prend l’application dans sa construction : aucun import de app/ autre qu’un type, aucun singleton global', () => {
    const imports = code('server.ts').match(/^import (?!type ).* from '\.\/app\/.*$/gm) ?? [];
    expect(imports).toEqual([]);
    expect(APP.filter((file) => /globalThis/.test(code(file)))).toEqual([]);
  });

  it('une seule route vers les services : seules les entrées (serveur, tâches) importent la racine de composition', () => {
    // A type from it is fine; a value (getServices, createServices) would be a second road, beside the load context.
    const importers = APP.filter(
      (file) =>
        !file.endsWith('.test.ts') &&
        file !== SERVICES &&
        importsOf(file).some(({ typeOnly, from }) => !typeOnly && resolves(file, from) === SERVICES),
    );
    // The jobs worker's own entry (build/jobs.js) takes them as entry.server.tsx does for the processes that serve.
    expect(importers.sort()).toEqual([
      path.join('app', '.server', 'server', 'jobs-main.ts'),
      path.join('app', 'entry.server.tsx'),
    ]);
  });

  it('un cas d’usage déclare les ports qu’il prend : aucun n’importe la racine de composition, pas même son type', () => {
    const importers = USE_CASES.filter((file) => importsOf(file).some(({ from }) => resolves(file, from) === SERVICES));
    expect(importers).toEqual([]);
  });

  it('aucun cas d’usage ne parle HTTP : ni Remix, ni FormData, ni Request, ni Response (la route lit et répond)', () => {
    expect(USE_CASES.length).toBeGreaterThan(80);
    const http = USE_CASES.flatMap((file) => {
      const found = [
        ...importsOf(file)
          .map(({ from }) => from)
          .filter((from) => from.startsWith('@remix-run/')),
        ...(code(file).match(/\b(FormData|Request|Response|Headers)\b/g) ?? []),
      ];
      return found.length > 0 ? [`${file} : ${[...new Set(found)].join(', ')}`] : [];
    });
    expect(http).toEqual([]);
  });

  it('le socle (platform/) ne dépend que de lui-même, du domaine et des ports : aucun import ne remonte', () => {
    const base = APP.filter((file) => file.startsWith(PLATFORM) && !/\.test\.tsx?$/.test(file));
    expect(base.length).toBeGreaterThan(20);
    const upward = base.flatMap((file) =>
      importsOf(file)
        .map(({ from }) => ({ from, target: resolves(file, from) }))
        .filter(({ from }) => from.startsWith('.') || from.startsWith('~/'))
        .filter(({ target }) => !ALLOWED_BELOW_BASE.some((allowed) => allowed.test(target)))
        .map(({ from }) => `${file} → ${from}`),
    );
    expect(upward).toEqual([]);
  });

  it('le serveur (server/ : démarrage, processus, service HTTP, cache des pages) n’est importé que par ce qui le monte', () => {
    const importers = APP.filter(
      (file) =>
        !file.startsWith(SERVER) &&
        !/\.test\.tsx?$/.test(file) &&
        !SERVER_MOUNTS.includes(file) &&
        !file.startsWith(path.join('app', 'routes')) &&
        importsOf(file).some(({ from }) => resolves(file, from).startsWith(SERVER)),
    );
    expect(importers).toEqual([]);
  });

  it('aucun module de app/ ne dépasse 300 lignes (les données sont en JSON)', () => {
    const long = APP.map((file) => ({ file, lines: read(file).split('\n').length - 1 })).filter((f) => f.lines > 300);
    expect(long).toEqual([]);
  });
});
