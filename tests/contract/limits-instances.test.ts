// Rate limits across instances on Firestore (issue 46, decision 111): two instances of the site, each with its own
// modules (its own process in production) and its own DATA_DIR, on one Firestore project; a limit holds in total,
// not once per instance.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { firestoreLimiter } from '../../app/.server/server/firestore-limits';
import type { Services } from '../../app/.server/services';
import { firestoreInstanceEnv, firestoreReads, freshFirestore, testFirestoreHost } from '../support/firestore-emulator';

const opened: Services[] = [];
afterAll(async () => {
  for (const services of opened) await services.close();
});

/** One instance: the app's modules loaded afresh (nothing in memory shared with another), its services built. */
async function instance(projectId: string, host: string) {
  vi.resetModules();
  const { createServices } = await import('../../app/.server/services');
  const { loadConfig } = await import('../../app/.server/platform/config');
  const { mayMail, MAILS_PER_HOUR } = await import('../../app/.server/accounts/deferred-mails');
  const { createKeyFetchLimiter } = await import('../../app/.server/http/key-fetch-limiter');
  const services = createServices(loadConfig(firestoreInstanceEnv(projectId, { FIRESTORE_EMULATOR_HOST: host })));
  opened.push(services);
  return { services, mayMail, MAILS_PER_HOUR, createKeyFetchLimiter };
}

describe('Firestore : les limites de débit valent pour toutes les instances ensemble', () => {
  let one: Awaited<ReturnType<typeof instance>>;
  let two: Awaited<ReturnType<typeof instance>>;
  beforeAll(async () => {
    const { host } = await testFirestoreHost();
    const projectId = `demo-limites-${process.pid}`;
    one = await instance(projectId, host);
    two = await instance(projectId, host);
    // The app's modules loaded from source (twice): as long as a test file that imports them.
  }, 60_000);

  it('les mails de réinitialisation d’une adresse, demandés tour à tour aux deux instances : la limite en tout', async () => {
    const answers: boolean[] = [];
    for (let i = 0; i < 8; i++) answers.push(await (i % 2 ? two : one).mayMail('reset', 'ada@exemple.ch'));
    expect(answers.filter(Boolean)).toHaveLength(one.MAILS_PER_HOUR);
    expect(answers.slice(one.MAILS_PER_HOUR).every((allowed) => !allowed)).toBe(true);
    // Another address has its own allowance, on either instance.
    expect(await two.mayMail('reset', 'bea@exemple.ch')).toBe(true);
  });

  it('le budget des clés inconnues de la fédération (décision 103) est un seul budget pour les deux', async () => {
    const budgets = [one, two].map((i) => i.createKeyFetchLimiter({ perHost: 100, overall: 5 }));
    const allowed: boolean[] = [];
    for (let i = 0; i < 12; i++) allowed.push((await budgets[i % 2].take(`h${i}.exemple`)).allowed);
    expect(allowed.filter(Boolean)).toHaveLength(5);
    expect(await budgets[1].take('autre.exemple')).toMatchObject({ allowed: false });
  });

  it('ce qu’une instance a compté, l’autre le lit, et l’efface (les échecs de connexion d’une adresse)', async () => {
    const { db, dispose } = await freshFirestore('limites-lire');
    const [a, b] = [0, 1].map(() => firestoreLimiter(() => db, { points: 10, duration: 3600, keyPrefix: 'login' }));
    await a.consume('ada@exemple.ch');
    await b.consume('ada@exemple.ch');
    expect((await a.get('ada@exemple.ch'))?.consumedPoints).toBe(2);
    expect(await b.delete('ada@exemple.ch')).toBe(true);
    expect(await a.get('ada@exemple.ch')).toBeNull();
    expect((await a.consume('ada@exemple.ch')).consumedPoints).toBe(1);
    await dispose();
  });

  it('une clé refusée l’est sans rien demander à Firestore jusqu’à la fin de sa fenêtre : une rafale ne coûte rien de plus', async () => {
    const { db, dispose } = await freshFirestore('limites-rafale');
    const limiter = firestoreLimiter(() => db, { points: 2, duration: 3600, keyPrefix: 'forms' });
    const allowed = async () =>
      limiter.consume('203.0.113.7').then(
        () => true,
        () => false,
      );
    expect([await allowed(), await allowed(), await allowed()]).toEqual([true, true, false]);
    const reads = firestoreReads(db);
    for (let i = 0; i < 20; i++) expect(await allowed()).toBe(false);
    expect(firestoreReads(db)).toBe(reads);
    await dispose();
  });
});
