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
/** The first rule of docs/architecture.md « Règles de la maison », as its grep command writes it. */
const ROUTES_REACHING_STORE = String.raw`store\.[a-zA-Z]+\.[a-zA-Z]+\(|adapters/`;
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

/** Every source file of a folder, for the checks on the framework's packages (scripts are .mjs too). */
function codeFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(relative);
    return /\.(tsx?|mjs|js)$/.test(entry.name) ? [relative] : [];
  });
}

/** The framework's packages: what the site uses as published, never patched at run time (decision 148). */
const FRAMEWORK = String.raw`(?:@remix-run\/[a-z-]+|react-router(?:-dom)?|react-dom)`;
/** A module path inside one of them: `@remix-run/server-runtime/dist/entry.js`. */
const FRAMEWORK_DIST = new RegExp(String.raw`['"\`]${FRAMEWORK}\/dist\b`);

/** The names a module gives to one of the framework's packages (a namespace, a default, what a require returns). */
function frameworkBindings(text: string): string[] {
  const from = String.raw`['"]${FRAMEWORK}(?:\/[^'"]*)?['"]`;
  const patterns = [
    new RegExp(String.raw`import\s+\*\s+as\s+(\w+)\s+from\s*${from}`, 'g'),
    new RegExp(String.raw`import\s+(\w+)\s*(?:,\s*\{[^}]*\})?\s+from\s*${from}`, 'g'),
    // Whatever a call with the package's name gives: require(…), createRequire(…)(…), await import(…).
    new RegExp(String.raw`(?:const|let|var)\s+(\w+)\s*=[^;\n]*?\(\s*['"]${FRAMEWORK}(?:\/[^'"]*)?['"]\s*\)`, 'g'),
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]));
}

/** What assigns to an export of the framework's packages: `router.matchRoutes = …`, `Object.assign(router, …)`. */
function frameworkAssignments(text: string): string[] {
  const direct = [
    ...text.matchAll(new RegExp(String.raw`require\s*\(\s*['"]${FRAMEWORK}[^)]*\)\s*\.\s*\w+\s*=(?!=)`, 'g')),
  ].map((m) => m[0]);
  const named = frameworkBindings(text)
    .flatMap((name) => [
      ...text.matchAll(new RegExp(String.raw`(?<![\w.])${name}\s*(?:\.\s*\w+|\[[^\]]+\])\s*=(?!=)`, 'g')),
      ...text.matchAll(
        new RegExp(String.raw`Object\.(?:assign|defineProperty|defineProperties|setPrototypeOf)\(\s*${name}\b`, 'g'),
      ),
    ])
    .map((m) => m[0]);
  return [...direct, ...named];
}

/**
 * The modules a module imports at run time and, when `types` is true, for its types too: files of app/ only (what
 * `./x`, `../x`, `~/x` name, with its extension or index found).
 */
function appImports(file: string, types: boolean): string[] {
  return importsOf(file)
    .filter(({ typeOnly }) => types || !typeOnly)
    .map(({ from }) => from)
    .filter((from) => from.startsWith('.') || from.startsWith('~/'))
    .flatMap((from) => {
      const target = from.startsWith('~/') ? path.join('app', from.slice(2)) : path.join(path.dirname(file), from);
      const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')];
      const found = candidates.find((candidate) => APP_FILES.has(candidate));
      return found ? [found] : [];
    });
}
const APP_FILES = new Set(APP);

/** The import circles among these modules: each strongly connected group of two or more (Tarjan), sorted. */
function circles(files: readonly string[], edges: (file: string) => string[]): string[][] {
  const inside = new Set(files);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) as number);
    stack.push(file);
    for (const next of edges(file).filter((target) => inside.has(target))) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || edges(file).includes(file)) found.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe('la structure du code', () => {
  it('les routes ne touchent ni au stockage ni aux adaptateurs : la commande de l’architecture ne rend rien', () => {
    // The rule as docs/architecture.md states it, run as grep runs it (every line, comments too).
    expect(read('docs/architecture.md')).toContain(`\`grep -rnE "${ROUTES_REACHING_STORE}" app/routes\` ne rend rien`);
    const routes = APP.filter((file) => file.startsWith(path.join('app', 'routes')));
    expect(routes.length).toBeGreaterThan(50);
    const pattern = new RegExp(ROUTES_REACHING_STORE);
    const reaching = routes.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(reaching).toEqual([]);
    expect(pattern.test('const event = await context.services.store.events.findById(id);')).toBe(true);
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
    const root = [SERVICES, path.join('app', '.server', 'service-types.ts')];
    const importers = USE_CASES.filter((file) =>
      importsOf(file).some(({ from }) => root.includes(resolves(file, from))),
    );
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

  it('le framework tel que publié : rien ne lit un chemin dist/ de ses paquets ni n’en remplace un export', () => {
    const files = [...codeFiles('app'), 'server.ts', ...codeFiles('scripts')];
    expect(files.length).toBeGreaterThan(500);
    const dist = files.filter((file) => FRAMEWORK_DIST.test(code(file)));
    expect(dist).toEqual([]);
    const patched = files.flatMap((file) => frameworkAssignments(code(file)).map((found) => `${file} : ${found}`));
    expect(patched).toEqual([]);
    // What each check catches, on the lines the patches of decisions 108, 133 and 135 had.
    expect(FRAMEWORK_DIST.test("require('@remix-run/server-runtime/dist/entry.js')")).toBe(true);
    expect(
      frameworkAssignments("const router = require('@remix-run/router');\nrouter.matchRoutes = remember;"),
    ).toHaveLength(1);
    expect(
      frameworkAssignments("const r = createRequire(import.meta.url)('react-router');\nObject.assign(r, { a: 1 });"),
    ).toHaveLength(1);
    expect(
      frameworkAssignments("import * as server from '@remix-run/node';\nserver['createRequestHandler'] = f;"),
    ).toHaveLength(1);
    expect(
      frameworkAssignments("import { matchRoutes } from '@remix-run/router';\nconst found = matchRoutes(r, p);"),
    ).toEqual([]);
  });

  it('aucun cercle d’imports : ni à l’exécution dans app/, ni même par les types dans app/.server et app/domain', () => {
    const modules = APP.filter((file) => !/\.test\.tsx?$/.test(file));
    expect(circles(modules, (file) => appImports(file, false))).toEqual([]);
    const layers = modules.filter((file) => /^app\/(\.server|domain)\//.test(file));
    expect(circles(layers, (file) => appImports(file, true))).toEqual([]);
    // A circle through a type is found: the one federation.ts closed with its FederationContext.
    const shape: Record<string, string[]> = { a: ['b'], b: ['c'], c: ['a'], d: ['a'] };
    expect(circles(Object.keys(shape), (file) => shape[file])).toEqual([['a', 'b', 'c']]);
  });

  it('chaque action commence par la garde des envois, sauf les trois sortes dites dans la décision 034', () => {
    const actions = APP.filter(
      (file) =>
        file.startsWith(path.join('app', 'routes')) && /export (?:async function|const) action\b/.test(code(file)),
    );
    expect(actions.length).toBeGreaterThan(30);
    const unguarded = actions.filter((file) => !/\b(?:guardPost|readAccountForm)\(/.test(code(file)));
    const apiOptions = (file: string) =>
      /^app\/routes\/api\.v1\./.test(file) && /=> apiOptions\(request\);/.test(code(file));
    expect(unguarded.filter((file) => !apiOptions(file)).sort()).toEqual([
      path.join('app', 'routes', 'payment.webhook.tsx'),
      path.join('app', 'routes', 'taches.$name.tsx'),
    ]);
  });

  it('chaque test de ce fichier est une règle de docs/architecture.md, citée mot pour mot', () => {
    const architecture = read('docs/architecture.md');
    const start = architecture.indexOf('## Règles de la maison');
    const rules = architecture.slice(start, architecture.indexOf('\n## ', start + 1)).replace(/\s*\n\s*/g, ' ');
    const titles = [...read('tests/unit/layout.test.ts').matchAll(/^ {2}it\('(.+?)', \(\) => \{$/gm)].map((m) => m[1]);
    expect(titles.length).toBeGreaterThan(10);
    const cited = [...rules.matchAll(/« ([^»]+) »/g)].map((m) => m[1]);
    const self = 'chaque test de ce fichier est une règle de docs/architecture.md, citée mot pour mot';
    expect(titles.filter((title) => title !== self && !cited.includes(title))).toEqual([]);
    expect(cited.filter((title) => !titles.includes(title))).toEqual([]);
  });

  it('aucun module de app/ ne dépasse 300 lignes (les données sont en JSON)', () => {
    const long = APP.map((file) => ({ file, lines: read(file).split('\n').length - 1 })).filter((f) => f.lines > 300);
    expect(long).toEqual([]);
  });
});
