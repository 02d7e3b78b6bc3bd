// Lighthouse (issue 10) on the home page, the list and an event page of the production build, with Debian's
// Chromium, offline: performance, accessibility, best practices and SEO scores (target ≥ 95 each).
// Usage: npm run bench:lighthouse        (LIGHTHOUSE_PRESET=desktop for the desktop profile; mobile by default)
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '../tests/support/chromium';
import { ensureBuild, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3230);
const PRESET = process.env.LIGHTHOUSE_PRESET === 'desktop' ? 'desktop' : 'mobile';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('lighthouse');
  const { ids } = await seedManyEvents(2_000);
  // One plain tile from our own files: Lighthouse must not reach the internet either.
  const server = await startServer(dataDir, PORT, { MAP_TILE_URL: '/images/tuile-hors-ligne.png' });
  const chrome = await chromeLauncher.launch({
    chromePath: chromium.executablePath,
    chromeFlags: ['--headless=new', ...chromium.args],
  });
  const pages: [string, string][] = [
    ['accueil', '/'],
    ['liste', '/evenements'],
    ['fiche événement', `/evenement/${ids[3]}`],
  ];
  const failing: string[] = [];
  try {
    console.log(
      `Lighthouse ${PRESET === 'desktop' ? 'ordinateur' : 'mobile (simulé)'}, Chromium de Debian, hors ligne\n`,
    );
    console.log(`page               ${CATEGORIES.map((c) => c.padStart(15)).join('')}`);
    for (const [name, path] of pages) {
      const audit = async () => {
        const answer = await lighthouse(
          `${server.base}${path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
          PRESET === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined,
        );
        if (!answer) throw new Error(`Lighthouse n’a rien rendu pour ${path}`);
        return answer;
      };
      let result = await audit();
      // A run that could not measure (Chromium's trace lost on a busy machine: `runtimeError`, every score 0) is not a
      // score: say so and measure once more; a second such run is reported as it is.
      if (result.lhr.runtimeError) {
        console.log(`${name.padEnd(18)} mesure impossible (${result.lhr.runtimeError.code}), nouvelle mesure`);
        result = await audit();
        if (result.lhr.runtimeError) failing.push(`${name} · ${result.lhr.runtimeError.message}`);
      }
      const scores = CATEGORIES.map((c) => Math.round((result.lhr.categories[c]?.score ?? 0) * 100));
      console.log(`${name.padEnd(18)} ${scores.map((s) => String(s).padStart(15)).join('')}`);
      CATEGORIES.forEach((c, i) => {
        if (scores[i] < 95) {
          const audits = result.lhr.categories[c].auditRefs
            .filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id].score ?? 1) < 0.9)
            .map((ref) => `${ref.id} (${result.lhr.audits[ref.id].displayValue ?? result.lhr.audits[ref.id].score})`);
          failing.push(`${name} · ${c} ${scores[i]} : ${audits.join(', ')}`);
          if (c === 'performance') failing.push(...mainThreadCulprits(result.lhr));
        }
      });
    }
  } finally {
    await chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (failing.length) {
    console.log('\nSous 95 :');
    for (const f of failing) console.log(`  ${f}`);
    process.exitCode = 1;
  } else console.log('\nToutes les notes ≥ 95.');
}

/** Where the main thread went, for a page under target: the scripts that kept it busiest (Lighthouse's bootup-time). */
function mainThreadCulprits(lhr: { audits: Record<string, { details?: unknown }> }): string[] {
  const details = lhr.audits['bootup-time']?.details as
    | { items?: { url: string; scripting: number; scriptParseCompile: number }[] }
    | undefined;
  return (details?.items ?? [])
    .slice(0, 4)
    .map(
      (item) =>
        `      ${item.url.replace(/^https?:\/\/[^/]+/, '')} : script ${Math.round(item.scripting)} ms, analyse ${Math.round(item.scriptParseCompile)} ms`,
    );
}

await main();
