// Issue 50, in a real browser: Debian's Chromium as a 390 × 844 phone, a fresh profile per page, on the production
// build with a small seeded store. For the home page, the list, an event and the map view: the JavaScript that came
// over the network (bytes as sent, brotli), the stylesheets, and any URL asked for more than once (the route
// discovery's /__manifest used to leave twice). A page settles for 2.5 s after `load` (the map, the discovery).
// Usage: node --import tsx bench/phone-js.ts    (BENCH_PORT)
import fs from 'node:fs';
import { chromium as playwright } from '@playwright/test';
import { chromium } from '../tests/support/chromium';
import { JS_BUDGET_KB } from '../tests/support/js-weight';
import { ensureBuild, seedManyEvents, startServer, throwAwayDataDir } from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 3380);
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('phone-js');
  const { ids } = await seedManyEvents(300, 15);
  const server = await startServer(dataDir, PORT);
  const browser = await playwright.launch(chromium);
  let over = 0;
  try {
    const pages: [string, string][] = [
      ['accueil', '/'],
      ['liste', '/evenements'],
      ['fiche', `/evenement/${ids[1]}`],
      ['carte', '/evenements?vue=carte'],
    ];
    console.log(`Chromium, 390 × 844, JavaScript reçu par le réseau (objectif ≤ ${JS_BUDGET_KB} Ko) :`);
    for (const [name, path] of pages) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      const seen: { url: string; type: string; bytes: number }[] = [];
      page.on('requestfinished', async (request) => {
        const sizes = await request.sizes().catch(() => null);
        seen.push({
          url: request.url().replace(server.base, ''),
          type: request.resourceType(),
          bytes: sizes?.responseBodySize ?? 0,
        });
      });
      await page.goto(`${server.base}${path}`, { waitUntil: 'load' });
      await page.waitForTimeout(2500);
      await context.close();
      const scripts = seen.filter((r) => r.type === 'script' || r.url.endsWith('.js'));
      const kb = scripts.reduce((sum, r) => sum + r.bytes, 0) / 1024;
      const counts = new Map<string, number>();
      for (const r of seen) counts.set(r.url, (counts.get(r.url) ?? 0) + 1);
      const twice = [...counts].filter(([, n]) => n > 1).map(([url, n]) => `${url.slice(0, 60)}… ×${n}`);
      const styles = seen.filter((r) => r.type === 'stylesheet').map((r) => r.url.replace(/.*\//, ''));
      if (kb > JS_BUDGET_KB || twice.length) over += 1;
      console.log(
        `  ${name.padEnd(8)} ${kb.toFixed(1).padStart(6)} Ko en ${String(scripts.length).padStart(2)} fichiers ; CSS : ${styles.join(', ')} ; deux fois : ${twice.length ? twice.join(', ') : 'aucune'}`,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (over) process.exitCode = 1;
}

await main();
