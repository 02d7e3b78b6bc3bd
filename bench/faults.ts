// Faults (issue 32): the production server on SQLite (WEB_CONCURRENCY processes and the jobs worker), killed with
// SIGKILL (the primary and all its workers) during image submissions, during a 5,000-event calendar import and the
// alerts job with a slow mail server; then a mail server that is down, then back; then one that never answers. After
// each restart it counts what was acknowledged and is there (once), the mails expected and delivered (once), the
// orphan files; and it times /healthz and /evenements while the import and the alerts run, against the same pages at
// rest in the same run.
// Usage: npm run bench:faults        (FAULT_ROUNDS=1 FAULT_EVENTS=2000 for a quicker run)
import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { Agent } from 'undici';
import {
  bigCalendar,
  deliveries,
  type FakeSmtp,
  openData,
  orphanFiles,
  type Probe,
  serveCalendar,
  startFakeSmtp,
  startProbe,
  submitEvent,
} from './fault-tools';
import {
  createAccounts,
  ensureBuild,
  eventFields,
  hiddenFields,
  mergeCookies,
  organizerSession,
  type RunningServer,
  startServer,
  throwAwayDataDir,
} from './lib';

const PORT = Number(process.env.BENCH_PORT ?? 5210);
const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 3);
const SUBMISSIONS = 40;
const IMPORTED = Number(process.env.FAULT_EVENTS ?? 5000);
const ALERTS = Number(process.env.FAULT_ALERTS ?? 80);
const TOKEN = 'jeton-du-banc-des-pannes-0123456789abcdef';
const ORGANIZER = {
  email: 'pannes@exemple.ch',
  password: 'Une phrase de passe pour les pannes',
  role: 'organizer' as const,
};
const ADMIN = {
  email: 'admin-pannes@exemple.ch',
  password: 'Une phrase de passe pour l’admin',
  role: 'admin' as const,
};
const LIMITS = { healthz: 200, list: 1000, wait: 2000 };

const verdicts: string[] = [];
const check = (ok: boolean, what: string) => {
  verdicts.push(`${ok ? 'ok   ' : 'ÉCHEC'}  ${what}`);
  if (!ok) process.exitCode = 1;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, test: () => boolean | Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await test()) return;
    await sleep(200);
  }
  throw new Error(`délai dépassé : ${what}`);
}

/** A multipart body with an image file. */
function multipartWithImage(fields: Record<string, string>, image: Buffer) {
  const boundary = `----pannes${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="affiche.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const report = (probe: Probe) =>
  probe
    .report()
    .map(
      (r) =>
        `${r.path.padEnd(12)} ${String(r.count).padStart(5)} req  p50 ${r.p50.toFixed(0).padStart(5)} ms  p99 ${r.p99.toFixed(0).padStart(5)} ms  max ${r.max.toFixed(0).padStart(5)} ms  refusées/échouées ${r.failed}`,
    )
    .join('\n');

async function submissionsRound(
  server: () => RunningServer & { dataDir: string },
  restart: () => Promise<void>,
  round: number,
  image: Buffer,
) {
  const base = server().base;
  const { cookie, hidden } = await organizerSession(base, ORGANIZER.email, ORGANIZER.password);
  const dispatcher = new Agent({ connections: 8, pipelining: 0, headersTimeout: 120_000, bodyTimeout: 120_000 });
  const killAfter = 8 + Math.floor(Math.random() * 12);
  const acknowledged: string[] = [];
  let killed: Promise<void> | null = null;
  await Promise.all(
    Array.from({ length: SUBMISSIONS }, async (_, i) => {
      const key = crypto.randomBytes(12).toString('hex');
      const title = `Pannes ${round} ${i} ${key}`;
      const { body, contentType } = multipartWithImage(
        { ...hidden, ...eventFields(title), imageAlt: 'Une affiche de concert', submissionKey: key },
        image,
      );
      try {
        const answer = await submitEvent(base, { body, contentType }, cookie, dispatcher);
        if (answer.acknowledged) {
          acknowledged.push(title);
          if (acknowledged.length === killAfter) killed = server().crash();
        } else if (!killed) throw new Error(`réponse inattendue ${answer.status} avant l’arrêt`);
      } catch (error) {
        if (!killed) throw error;
      }
    }),
  );
  await dispatcher.close();
  if (!killed) throw new Error(`le serveur n’a accusé que ${acknowledged.length} soumissions`);
  await killed;
  await restart();
  const db = openData(server().dataDir);
  const count = db.prepare('SELECT COUNT(*) AS n FROM events WHERE title = ?');
  let present = 0;
  let twice = 0;
  for (const title of acknowledged) {
    const n = (count.get(title) as { n: number }).n;
    if (n > 0) present++;
    if (n > 1) twice++;
  }
  const withImage = (
    db
      .prepare(`SELECT COUNT(*) AS n FROM events WHERE title LIKE ? AND image IS NOT NULL`)
      .get(`Pannes ${round} %`) as { n: number }
  ).n;
  db.close();
  return {
    killAfter,
    acknowledged: acknowledged.length,
    present,
    twice,
    withImage,
    orphans: orphanFiles(server().dataDir),
  };
}

async function postForm(base: string, path: string, fields: Record<string, string>) {
  const page = await fetch(`${base}${path}`);
  const cookie = mergeCookies('', page);
  const started = performance.now();
  const response = await fetch(`${base}${path.split('?')[0]}`, {
    method: 'POST',
    body: new URLSearchParams({ ...hiddenFields(await page.text()), ...fields }),
    headers: { Origin: base, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** Requests that each record a mail (alert confirmations, contact messages): their answers' times. */
async function mailingRequests(base: string, label: string, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const alert = await postForm(base, '/alertes/nouvelle?category=musique', {
      email: `${label}${i}@panne.example`,
      rythme: 'weekly',
      filtre: 'category=musique',
    });
    const contact = await postForm(base, '/contact', {
      name: 'Léa Panne',
      email: `${label}-contact${i}@panne.example`,
      subject: `Question ${label} ${i}`,
      message: 'Bonjour, une question posée pendant une panne du serveur de mail.',
    });
    if (alert.status !== 302 || contact.status !== 302)
      throw new Error(`envoi refusé (${alert.status}, ${contact.status})`);
    times.push(alert.ms, contact.ms);
  }
  return { requests: times.length, maxMs: Math.max(...times) };
}

const runJob = async (base: string, name: string, at = new Date()) => {
  const response = await fetch(`${base}/taches/${name}?maintenant=${at.toISOString()}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  return (await response.json()) as { summary?: string; error?: string };
};

async function main() {
  ensureBuild();
  const dataDir = throwAwayDataDir('pannes');
  const { getServices } = await import('../app/.server/services');
  const { seedCategories, buildSeedEvent } = await import('../app/.server/seed/seed');
  const { SEED_EVENTS } = await import('../app/.server/seed/demo-data');
  const { zurichToday } = await import('../app/domain/dates');
  const { stableId } = await import('../app/.server/platform/ids');
  const store = getServices().store;
  await seedCategories({ store });
  await createAccounts([ORGANIZER, ADMIN]);
  const smtp: FakeSmtp = await startFakeSmtp(PORT + 1);
  const env = {
    SMTP_URL: smtp.url,
    JOBS_TOKEN: TOKEN,
    IMPORT_ALLOW_LOOPBACK: 'true',
    RATE_LIMIT_FORMS_PER_MINUTE: '1000000',
    // The whole calendar in one run (decision 058 caps a run at 500 events by default): the bench counts its resumption.
    IMPORT_MAX_EVENTS: String(IMPORTED),
  };
  let current = await startServer(dataDir, PORT, env);
  const server = () => Object.assign(current, { dataDir });
  const restart = async () => {
    current = await startServer(dataDir, PORT, env);
  };
  const image = await sharp({
    create: {
      width: 1600,
      height: 1000,
      channels: 3,
      background: 'black',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  console.log(
    `Banc des pannes : ${dataDir}, serveur sur ${current.base}, image ${Math.round(image.length / 1024)} Ko\n`,
  );

  try {
    // 1. kill -9 during image submissions.
    console.log(`1. Soumissions avec image, arrêt brutal (SIGKILL) : ${ROUNDS} tours de ${SUBMISSIONS}`);
    console.log('tour  arrêt après  accusées  présentes  en double  avec image  orphelins');
    const totals = { acknowledged: 0, lost: 0, twice: 0, orphans: 0 };
    for (let round = 1; round <= ROUNDS; round++) {
      const r = await submissionsRound(server, restart, round, image);
      totals.acknowledged += r.acknowledged;
      totals.lost += r.acknowledged - r.present;
      totals.twice += r.twice;
      totals.orphans += r.orphans.length;
      console.log(
        `${String(round).padStart(4)}  ${String(r.killAfter).padStart(11)}  ${String(r.acknowledged).padStart(8)}  ${String(r.present).padStart(9)}  ${String(r.twice).padStart(9)}  ${String(r.withImage).padStart(10)}  ${r.orphans.length}${r.orphans.length ? ` (${r.orphans.slice(0, 3).join(', ')}…)` : ''}`,
      );
    }
    check(
      totals.lost === 0 && totals.twice === 0,
      `soumissions : ${totals.acknowledged} accusées, ${totals.lost} perdues, ${totals.twice} en double`,
    );
    check(totals.orphans === 0, `fichiers orphelins après redémarrage : ${totals.orphans}`);

    // 2. A 5,000-event import and the alerts job with a slow mail server, timed, killed, resumed.
    console.log(
      `\n2. Import de ${IMPORTED} événements et tâche des alertes (${ALERTS} lettres, serveur de mail lent), arrêt brutal`,
    );
    const probe = startProbe(current.base, ['/healthz', '/evenements']);
    // The server has just restarted: a few seconds to warm up, then the pages at rest for reference.
    await sleep(5000);
    probe.reset();
    await sleep(15_000);
    console.log(`Au repos (référence du même passage) :\n${report(probe)}`);
    const rest = probe.report();
    probe.reset();

    const now = new Date();
    const iso = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
    const today = zurichToday();
    const musique = SEED_EVENTS.filter((s) => s.category === 'musique' && (s.status ?? 'approved') === 'approved');
    await store.events.insertMany(
      Array.from({ length: 12 }, (_, i) => {
        const spec = musique[i % musique.length];
        const e = buildSeedEvent({ ...spec, key: `alertes-${i}`, dayOffset: 3 + i }, today, null, iso(-60));
        return { ...e, title: `${spec.title} (${i + 1})`, moderatedAt: iso(-60) };
      }),
    );
    for (let i = 0; i < ALERTS; i++) {
      await store.alerts.request({
        id: stableId(`alerte-pannes-${i}`, 32),
        email: `abonne${i}@banc.example`,
        filter: 'category=musique',
        rhythm: 'daily',
        tokenHash: `hash-pannes-${i}`,
        now: iso(-180),
      });
      await store.alerts.confirm(`hash-pannes-${i}`, iso(-120), iso(-7 * 24 * 60));
    }
    const calendar = await serveCalendar(PORT + 2, bigCalendar(IMPORTED));
    const admin = await store.users.findByEmailWithPassword(ADMIN.email);
    await store.imports.saveSource({
      id: 'source-pannes',
      name: 'Grand calendrier',
      url: calendar.url,
      category: 'vie-locale',
      canton: 'VD',
      organizerName: 'Office du tourisme',
      trusted: false,
      intervalMinutes: 60,
      createdBy: admin?.uid ?? '',
      createdAt: iso(0),
      updatedAt: iso(0),
      state: 'new',
      consecutiveFailures: 0,
      lastRunAt: null,
      nextRunAt: iso(0),
      lastError: '',
      etag: null,
      lastModified: null,
    });
    await smtp.setMode('slow');
    const zurichHour = Number(
      new Intl.DateTimeFormat('fr-CH', { timeZone: 'Europe/Zurich', hour: 'numeric' }).format(now),
    );
    const digestAt = zurichHour >= 8 ? now : new Date(`${today}T09:00:00+01:00`);
    const queued = runJob(current.base, 'alertes', digestAt);
    const links = () => {
      const db = openData(dataDir);
      const n = (
        db.prepare("SELECT COUNT(*) AS n FROM import_links WHERE source_id = 'source-pannes'").get() as { n: number }
      ).n;
      db.close();
      return n;
    };
    const digests = () => deliveries(smtp, /@banc\.example$/);
    // Killed while both run: part of the calendar imported, some letters accepted, others not yet.
    await until(
      'import et lettres en cours',
      () => {
        const done = links();
        return (
          done >= IMPORTED * 0.2 &&
          digests().delivered >= 3 &&
          (done < IMPORTED * 0.9 || digests().delivered >= ALERTS / 3)
        );
      },
      600_000,
    );
    // At a moment of its own, not right after an acceptance the probe has just seen.
    await sleep(Math.random() * 1000);
    console.log(`Arrêt brutal après ${links()} événements importés et ${digests().delivered} lettres acceptées`);
    probe.pause();
    await queued.catch(() => undefined);
    await current.crash();
    await restart();
    probe.resume();
    const importDone = () => {
      const db = openData(dataDir);
      const runs = (
        db.prepare("SELECT COUNT(*) AS n FROM import_runs WHERE source_id = 'source-pannes'").get() as { n: number }
      ).n;
      db.close();
      return runs > 0;
    };
    const resumedFrom = Date.now();
    const resumedAt = links();
    await until('fin de l’import et des lettres', () => importDone() && digests().delivered >= ALERTS, 900_000);
    console.log(
      `Reprise : l’import repart de ${resumedAt} liens et finit ${((Date.now() - resumedFrom) / 1000).toFixed(0)} s après le redémarrage`,
    );
    const during = probe.report();
    console.log(`Pendant l’import et les alertes :\n${report(probe)}`);
    await probe.stop();
    const db = openData(dataDir);
    const imported = (
      db.prepare("SELECT COUNT(*) AS n FROM events WHERE title LIKE 'Calendrier %'").get() as { n: number }
    ).n;
    const importedTwice = (
      db
        .prepare(
          "SELECT COUNT(*) AS n FROM (SELECT title FROM events WHERE title LIKE 'Calendrier %' GROUP BY title HAVING COUNT(*) > 1)",
        )
        .get() as { n: number }
    ).n;
    db.close();
    const mails = digests();
    console.log(`Import : ${IMPORTED} attendus, ${imported} présents, ${importedTwice} en double`);
    console.log(
      `Lettres d’alerte : ${ALERTS} attendues, ${mails.delivered} acceptées, ${mails.twice} reçues deux fois`,
    );
    check(
      imported === IMPORTED && importedTwice === 0,
      `import repris après l’arrêt : ${imported}/${IMPORTED}, ${importedTwice} en double`,
    );
    check(
      mails.delivered === ALERTS && mails.twice === 0,
      `lettres : ${mails.delivered}/${ALERTS}, ${mails.twice} deux fois`,
    );
    const [health, list] = during;
    check(
      health.p99 < LIMITS.healthz,
      `/healthz p99 ${health.p99.toFixed(0)} ms pendant les tâches (au repos ${rest[0].p99.toFixed(0)} ms ; objectif < ${LIMITS.healthz})`,
    );
    check(
      list.p99 < LIMITS.list,
      `/evenements p99 ${list.p99.toFixed(0)} ms pendant les tâches (au repos ${rest[1].p99.toFixed(0)} ms ; objectif < ${LIMITS.list})`,
    );
    check(
      health.failed + list.failed === 0,
      `connexions refusées ou réponses en erreur pendant les tâches : ${health.failed + list.failed}`,
    );
    await calendar.close();

    // 3. The mail server down, then back.
    console.log('\n3. Serveur de mail arrêté, puis rallumé');
    await smtp.setMode('down');
    const down = await mailingRequests(current.base, 'panne', 10);
    await sleep(3000);
    await smtp.setMode('normal');
    await runJob(current.base, 'mails', new Date(Date.now() + 2 * 60 * 60_000));
    await until(
      'mails après la panne',
      () => deliveries(smtp, /@panne\.example$|^admin-pannes@/).delivered >= down.requests,
      120_000,
    );
    const back = deliveries(smtp, /panne\d+@panne\.example$/);
    const contacts = [...smtp.accepted.values()].filter((m) => m.to === ADMIN.email).length;
    console.log(
      `${down.requests} envois (réponse la plus lente ${down.maxMs.toFixed(0)} ms) ; confirmations ${back.delivered}/10, messages de contact ${contacts}/10, ${back.twice} deux fois`,
    );
    check(
      back.delivered === 10 && contacts === 10 && back.twice === 0,
      'serveur de mail rallumé : chaque mail part une fois',
    );

    // 4. A mail server that accepts connections and never answers.
    console.log('\n4. Serveur de mail muet');
    await smtp.setMode('silent');
    const silent = await mailingRequests(current.base, 'muet', 10);
    console.log(`${silent.requests} envois, réponse la plus lente ${silent.maxMs.toFixed(0)} ms`);
    check(
      silent.maxMs < LIMITS.wait,
      `serveur muet : aucune requête n’attend plus de 2 s (max ${silent.maxMs.toFixed(0)} ms)`,
    );
    await smtp.setMode('normal');
    await runJob(current.base, 'mails', new Date(Date.now() + 4 * 60 * 60_000));
    await until('mails après le silence', () => deliveries(smtp, /muet\d+@panne\.example$/).delivered >= 10, 120_000);
    const afterSilence = deliveries(smtp, /muet\d+@panne\.example$/);
    check(
      afterSilence.delivered === 10 && afterSilence.twice === 0,
      `après le silence : ${afterSilence.delivered}/10 confirmations, ${afterSilence.twice} deux fois`,
    );
  } finally {
    await current.stop();
    await smtp.close();
    await getServices().close();
    if (!process.env.FAULT_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\nVerdict :\n${verdicts.join('\n')}`);
}

await main();
