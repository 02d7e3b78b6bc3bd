// Scanner (issue 10): Debian's wapiti against a local production server with the demo content, as a visitor and
// as a logged-in organizer, with the xss, sql, exec, file, csrf, redirect and crlf modules. Prints what it finds;
// anything not listed in bench/wapiti-false-positives.json fails the script.
// Usage: npm run bench:wapiti        (needs `apt-get install wapiti`; to shorten each scan, WAPITI_MAX_SCAN=300 for
// the crawl and WAPITI_MAX_ATTACK=120 for each attack module, in seconds)
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, logIn, startServer } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const MAX_SCAN = process.env.WAPITI_MAX_SCAN ?? '900';
/** Seconds each attack module may run per scan (wapiti's own default has no limit). */
const MAX_ATTACK = process.env.WAPITI_MAX_ATTACK ?? '600';
const MODULES = 'xss,sql,exec,file,csrf,redirect,crlf';

// Debian's wapiti 3.0.4 builds its -x patterns with a trailing `(?ms)`, which Python 3.11 refuses: run it with that
// one function corrected (same matching, flags in front).
const WAPITI_WITH_EXCLUSIONS_FIXED = `
import re, sys
from wapitiCore.net import crawler
crawler.wildcard_translate = lambda p: re.compile("(?ms)" + "".join(".*" if c == "*" else re.escape(c) for c in p) + r"\\Z")
from wapitiCore.main.wapiti import wapiti_main
sys.argv[0] = "wapiti"
sys.exit(wapiti_main())
`;

/** The Python that runs Debian's wapiti (the shebang of its script), not whichever python3 comes first in PATH. */
function wapitiPython(): string {
  const script = execFileSync('sh', ['-c', 'command -v wapiti'], { encoding: 'utf8' }).trim();
  return fs
    .readFileSync(script, 'utf8')
    .split('\n')[0]
    .replace(/^#!\s*/, '')
    .trim();
}

interface Finding {
  category: string;
  method: string;
  path: string;
  parameter: string;
  info: string;
}

interface FalsePositive {
  category: string;
  path: string;
  parameter?: string;
  why: string;
}

function scan(base: string, label: string, extraArgs: string[]): Finding[] {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `wapiti-${label}-`));
  const report = path.join(work, 'report.json');
  const args = [
    '-u',
    `${base}/`,
    '--scope',
    'folder',
    '-m',
    MODULES,
    '-f',
    'json',
    '-o',
    report,
    '--flush-session',
    '--store-session',
    path.join(work, 'session'),
    '--store-config',
    path.join(work, 'config'),
    '--max-scan-time',
    MAX_SCAN,
    '--max-attack-time',
    MAX_ATTACK,
    '--max-links-per-page',
    '40',
    '-d',
    '3',
    '-t',
    '20',
    '--no-bugreport',
    // It announces brotli but cannot decode it (empty pages, nothing crawled): ask for what it reads.
    '-H',
    'Accept-Encoding: gzip, deflate',
    // Logging out would end the scan's own session; feeds and files are not forms.
    '-x',
    `${base}/auth/logout`,
    '-x',
    `${base}/evenements.ics`,
    '-x',
    `${base}/support-us/facture-qr.pdf`,
    ...extraArgs,
  ];
  const run = spawnSync(wapitiPython(), ['-c', WAPITI_WITH_EXCLUSIONS_FIXED, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!fs.existsSync(report)) {
    console.error(run.stdout.slice(-2000), run.stderr.slice(-2000));
    throw new Error(`wapiti n’a pas produit de rapport (${label})`);
  }
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    vulnerabilities: Record<string, { method: string; path: string; parameter: string; info: string }[]>;
    anomalies: Record<string, { method: string; path: string; parameter: string; info: string }[]>;
  };
  fs.rmSync(work, { recursive: true, force: true });
  return [...Object.entries(json.vulnerabilities), ...Object.entries(json.anomalies)].flatMap(([category, items]) =>
    items.map((i) => ({ category, method: i.method, path: i.path, parameter: i.parameter, info: i.info })),
  );
}

async function main() {
  execFileSync('wapiti', ['--version'], { stdio: 'ignore' });
  ensureBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agenda-wapiti-'));
  const server = await startServer(dataDir, PORT, { SEED_DEMO: 'true', RATE_LIMIT_FORMS_PER_MINUTE: '1000000' });
  const falsePositives = JSON.parse(
    fs.readFileSync(new URL('./wapiti-false-positives.json', import.meta.url), 'utf8'),
  ) as FalsePositive[];
  try {
    const cookie = await logIn(server.base, 'organisateur@demo.agenda-romand.ch', 'Romandie-Orga-2026');
    const started = Date.now();
    const findings = [
      ...scan(server.base, 'visiteur', []).map((f) => ({ ...f, as: 'visiteur' })),
      ...scan(server.base, 'organisateur', ['-H', `Cookie: ${cookie}`]).map((f) => ({ ...f, as: 'organisateur' })),
    ];
    const known = (f: Finding) =>
      falsePositives.find(
        (fp) =>
          fp.category === f.category && f.path.startsWith(fp.path) && (!fp.parameter || fp.parameter === f.parameter),
      );
    console.log(`wapiti (${MODULES}) : ${Math.round((Date.now() - started) / 1000)} s, visiteur puis organisateur`);
    for (const f of findings) {
      const fp = known(f);
      console.log(
        `  ${fp ? 'faux positif documenté' : 'À CORRIGER'} · ${f.as} · ${f.category} · ${f.method} ${f.path} [${f.parameter}] ${f.info}${fp ? ` — ${fp.why}` : ''}`,
      );
    }
    const real = findings.filter((f) => !known(f));
    console.log(
      `\n${findings.length} signalement(s), ${findings.length - real.length} faux positif(s) documenté(s), ${real.length} à corriger (objectif : 0)`,
    );
    if (real.length) process.exitCode = 1;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
