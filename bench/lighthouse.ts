// Lighthouse (issue 10) on the home page, the list and an event page of the production build, with Debian's
// Chromium, offline: performance, accessibility, best practices and SEO scores (target ≥ 95 each); and a venue's page
// (issue 36).
// Usage: npm run bench:lighthouse        (LIGHTHOUSE_PRESET=desktop for the desktop profile; mobile by default)
// On a shared, noisy machine: LIGHTHOUSE_RUNS=5 audits each page five times and reports the median of each score (and
// of Total Blocking Time); LIGHTHOUSE_PAGES=accueil,liste keeps only the pages named.
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '../tests/support/chromium';
import { ensureBuild, median, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3230);
const PRESET = process.env.LIGHTHOUSE_PRESET === 'desktop' ? 'desktop' : 'mobile';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

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
  // The venue with the most upcoming events (issue 36): its page is the fullest of them.
  const venues = (await (await fetch(`${server.base}/api/v1/venues`)).json()) as {
    data: { slug: string; upcomingEvents: number }[];
  };
  const venue = [...venues.data].sort((a, b) => b.upcomingEvents - a.upcomingEvents)[0];
  if (!venue) throw new Error('Aucun lieu dans les données du banc');
  const pages = (
    [
      ['accueil', '/'],
      ['liste', '/evenements'],
      ['fiche événement', `/evenement/${ids[3]}`],
      ['lieu', `/lieux/${venue.slug}`],
    ] as [string, string][]
  ).filter(([name]) => !ONLY || ONLY.includes(name));
  const failing: string[] = [];
  try {
    console.log(
      `Lighthouse ${PRESET === 'desktop' ? 'ordinateur' : 'mobile (simulé)'}, Chromium de Debian, hors ligne\n`,
    );
    if (RUNS > 1) console.log(`${RUNS} mesures par page, médianes\n`);
    console.log(`page               ${CATEGORIES.map((c) => c.padStart(15)).join('')}      TBT ms`);
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
      const results: Result[] = [];
      for (let run = 0; run < RUNS; run++) {
        let result = await audit();
        // A run that could not measure (Chromium's trace lost on a busy machine: `runtimeError`, every score 0) is not
        // a score: say so and measure once more; a second such run is reported as it is.
        if (result.lhr.runtimeError) {
          console.log(`${name.padEnd(18)} mesure impossible (${result.lhr.runtimeError.code}), nouvelle mesure`);
          result = await audit();
          if (result.lhr.runtimeError) failing.push(`${name} · ${result.lhr.runtimeError.message}`);
        }
        results.push(result);
      }
      const scoresOf = (r: Result) => CATEGORIES.map((c) => Math.round((r.lhr.categories[c]?.score ?? 0) * 100));
      const tbtOf = (r: Result) => r.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
      if (RUNS > 1) {
        for (const r of results) {
          const each = scoresOf(r);
          console.log(
            `  une mesure        ${each.map((s) => String(s).padStart(15)).join('')}  ${tbtOf(r).toFixed(0).padStart(10)}`,
          );
        }
      }
      const scores = CATEGORIES.map((_, i) => median(results.map((r) => scoresOf(r)[i])));
      const tbt = median(results.map(tbtOf));
      // The run whose performance is the median one explains a score under target.
      const result = results.find((r) => scoresOf(r)[0] === scores[0]) ?? results[0];
      console.log(
        `${name.padEnd(18)} ${scores.map((s) => String(s).padStart(15)).join('')}  ${tbt.toFixed(0).padStart(10)}`,
      );
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
