// What each memory of docs/cache.md below the page cache saves (issue 72), timed in this process: the same work done
// through the memory (a hit) and without it (a miss: a store object the read cache has not seen, instants not seen
// before, the library called directly). Each figure is the median of ROUNDS; CPU of one thread (better-sqlite3 is
// synchronous), so process.cpuUsage and the clock agree. The page cache's own figure is bench:ab's and npm run bench's;
// the schedules' expansion memo, measured here before its removal, is in decision 156.
// Usage: node --import tsx bench/caches.ts      (10,000 events, 1,000 of them weekly series)
import fs from 'node:fs';
import { median, seedManyEvents, throwAwayDataDir } from './lib';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

/** CPU ms of `run` (user + system), awaited. */
async function cpuMs(run: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await run();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / 1000;
}

function line(name: string, miss: number, hit: number, unit = 'ms') {
  const digits = unit === 'ms' ? 3 : 1;
  console.log(
    `${name.padEnd(44)} sans : ${miss.toFixed(digits).padStart(8)} ${unit}   avec : ${hit.toFixed(digits).padStart(8)} ${unit}` +
      `   épargné : ${(miss - hit).toFixed(digits).padStart(8)} ${unit}`,
  );
}

async function main() {
  const dataDir = throwAwayDataDir('caches');
  await seedManyEvents(undefined, 1000);
  const { createServices, getServices } = await import('../app/.server/services');
  const { loadConfig } = await import('../app/.server/platform/config');
  const { searchEvents, schoolHolidays } = await import('../app/.server/events/public');
  const { categoryInfos } = await import('../app/.server/categories/categories');
  const { venueIndex } = await import('../app/.server/places/public-places');
  const services = getServices();

  console.log(`\nCache de lecture (10 000 événements, 1 000 séries ; médiane de ${ROUNDS}, CPU par lecture)`);
  const reads: [string, (deps: { store: typeof services.store }) => Promise<unknown>][] = [
    ['liste, page 1', (deps) => searchEvents(deps, {}, 1)],
    ['recherche « concert »', (deps) => searchEvents(deps, { q: 'concert' }, 1)],
    ['musique + Vaud', (deps) => searchEvents(deps, { category: 'musique', canton: 'VD' }, 1)],
    ['catégories (chaque page)', (deps) => categoryInfos(deps)],
    ['vacances scolaires', (deps) => schoolHolidays(deps)],
    ['annuaire des lieux', (deps) => venueIndex(deps, '', '')],
  ];
  // A miss: the read on a store object the read cache has not seen (the same database), its statements prepared by
  // another read first, as in a running server.
  const fresh = Array.from({ length: ROUNDS }, () => createServices(loadConfig()));
  for (const other of fresh) await searchEvents(other, {}, 2);
  for (const [name, read] of reads) {
    await read(services);
    const hit = median(await Promise.all(Array.from({ length: ROUNDS }, () => cpuMs(() => read(services)))));
    const miss: number[] = [];
    for (const other of fresh) miss.push(await cpuMs(() => read(other)));
    line(name, median(miss), hit);
  }
  await Promise.all(fresh.map((other) => other.close()));

  console.log('\nDates des cartes (formatEventShort, formatDate, zurichDay : 20 cartes, une page de la liste)');
  const { formatEventShort, formatEventWhen } = await import('../app/domain/event-dates');
  const { zurichDay } = await import('../app/domain/dates');
  // Cards of instants never seen (a miss) and the same cards again (a hit); the first pages warm the code up.
  const page = (n: number) =>
    Array.from({ length: 20 }, (_, i) => {
      const start = Date.UTC(2027, 0, 1) + (n * 20 + i) * 7 * 60_000;
      return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + 7200_000).toISOString() };
    });
  const cards = (events: { startsAt: string; endsAt: string }[]) => {
    for (const e of events) {
      formatEventShort({ ...e, allDay: false });
      formatEventWhen({ ...e, allDay: false, openEnd: false });
      zurichDay(e.startsAt);
    }
  };
  for (let n = 0; n < 50; n++) cards(page(n));
  const dateMiss: number[] = [];
  const dateHit: number[] = [];
  for (let n = 50; n < 50 + ROUNDS * 4; n++) {
    const events = page(n);
    dateMiss.push(await cpuMs(() => cards(events)));
    dateHit.push(await cpuMs(() => cards(events)));
  }
  line('une page de 20 cartes', median(dateMiss), median(dateHit));

  console.log('\nVEVENT des flux (500 événements ; un second flux qui en partage 450)');
  const { buildICalendar, buildICalendarInSlices } = await import('../app/.server/feeds/calendar');
  const { queryFromFilters } = await import('../app/.server/events/public');
  const query = { ...queryFromFilters({}, new Date()), oneRowPerEvent: true, limit: 950, offset: 0 };
  const all = (await services.store.events.search(query)).items;
  const opts = { siteUrl: 'https://agenda.example', name: 'Agenda romand' };
  const feedMiss: number[] = [];
  const feedHit: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const first = all.slice(round * 30, round * 30 + 500);
    const second = all.slice(round * 30 + 50, round * 30 + 550);
    feedMiss.push(await cpuMs(() => buildICalendar(second, opts)));
    await buildICalendarInSlices(first, opts, 1000 + round);
    feedHit.push(await cpuMs(() => buildICalendarInSlices(second, opts, 1000 + round)));
  }
  line('le second flux', median(feedMiss), median(feedHit));

  console.log('\nFacture QR d’un don (SVG)');
  const { qrBillSvg } = await import('../app/.server/donations/qr-bill');
  const { cachedQrBillSvg } = await import('../app/.server/donations/deps');
  const creditor = {
    DONATION_IBAN: 'CH4431999123000889012',
    DONATION_CREDITOR_NAME: 'Agenda romand',
    DONATION_CREDITOR_STREET: 'Rue du Marché',
    DONATION_CREDITOR_BUILDING: '1',
    DONATION_CREDITOR_ZIP: '1003',
    DONATION_CREDITOR_CITY: 'Lausanne',
  };
  const config = { ...services.config, ...creditor };
  const { creditorFromConfig } = await import('../app/.server/donations/qr-bill');
  cachedQrBillSvg({ config }, 20);
  const qrMiss: number[] = [];
  const qrHit: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    qrMiss.push(await cpuMs(() => qrBillSvg(creditorFromConfig(config), 20)));
    qrHit.push(await cpuMs(() => cachedQrBillSvg({ config }, 20)));
  }
  line('un montant proposé', median(qrMiss), median(qrHit));

  console.log('\nClés d’un acteur de la fédération (RSA 2048, importées du JWK gardé à chaque signature sinon)');
  const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  const pair = (await crypto.subtle.generateKey(
    { ...algorithm, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const jwk = {
    publicKey: await crypto.subtle.exportKey('jwk', pair.publicKey),
    privateKey: await crypto.subtle.exportKey('jwk', pair.privateKey),
  };
  const kept = Promise.resolve(pair);
  const keyMiss: number[] = [];
  const keyHit: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    keyMiss.push(
      await cpuMs(() =>
        Promise.all([
          crypto.subtle.importKey('jwk', jwk.publicKey, algorithm, true, ['verify']),
          crypto.subtle.importKey('jwk', jwk.privateKey, algorithm, true, ['sign']),
        ]),
      ),
    );
    keyHit.push(await cpuMs(() => kept));
  }
  line('une paire (sans la lecture du stockage)', median(keyMiss), median(keyHit));

  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
