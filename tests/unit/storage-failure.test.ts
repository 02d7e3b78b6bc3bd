// A disk that is full or read-only (decision 062): a form's answer is a French 503 that gives back what was typed,
// nothing is half-written, and the same input sent again once the disk is back is saved. /healthz says 503 and why.
import type { ActionFunctionArgs, ServerBuild } from '@remix-run/node';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getHoneypot } from '../../app/.server/platform/security';
import { forgetReadiness } from '../../app/.server/server/health';
import { prepareStore } from '../../app/.server/server/startup';
import { answeringStorageFailures } from '../../app/.server/server/storage-answer';
import { getServices } from '../../app/.server/services';
import { typedText } from '../../app/domain/kept-input';
import * as contactRoute from '../../app/routes/contact';
import { loader as healthLoader } from '../../app/routes/healthz';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';

const SITE = 'http://localhost';
let ip = 0;

/** The contact action as the server runs it: through the build's wrapping of storage failures. */
const build = answeringStorageFailures({
  routes: { 'routes/contact': { id: 'routes/contact', path: 'contact', module: contactRoute } },
} as unknown as ServerBuild);
const contactAction = build.routes['routes/contact']?.module.action as (args: ActionFunctionArgs) => Promise<unknown>;

function contactForm(message: string): [string, string][] {
  const honeypot = getHoneypot(getServices()).getInputProps();
  return [
    [honeypot.nameFieldName, ''],
    [honeypot.validFromFieldName ?? 'from_confirm', honeypot.encryptedValidFrom ?? ''],
    ['name', 'Léa Rochat'],
    ['email', 'lea@exemple.ch'],
    ['subject', 'Date du marché de Noël'],
    ['message', message],
  ];
}

const post = (fields: [string, string][]) => {
  const clientIp = `10.32.0.${++ip}`;
  const request = new Request(`${SITE}/contact`, {
    method: 'POST',
    headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return routeAnswer(() => contactAction({ request, params: {}, context: loadContext(clientIp) }));
};

const db = () => {
  const { database } = getServices();
  if (database.kind !== 'sqlite') throw new Error('SQLite attendu');
  return database.db;
};
const counts = async () => ({
  messages: await getServices().store.contactMessages.count(),
  mails: (await getServices().store.mails.counts()).pending,
});

beforeAll(async () => {
  process.env.SEED_DEMO = 'false';
  await prepareStore(getServices());
});
afterEach(() => {
  db().pragma('query_only = 0');
  db().pragma(`max_page_count = ${2 ** 30}`);
  forgetReadiness();
});

describe('le disque ne peut plus écrire', () => {
  it('disque plein : 503 en français, la saisie rendue, rien d’écrit ; renvoyée telle quelle, elle est enregistrée', async () => {
    const before = await counts();
    // The database may not grow by one page: a long message needs more.
    db().pragma(`max_page_count = ${db().pragma('page_count', { simple: true })}`);
    const message = `Bonjour, le marché de Noël a-t-il lieu le samedi ? ${'Merci de votre réponse. '.repeat(180)}`;
    const refused = await post(contactForm(message));
    expect(refused.status).toBe(503);
    const answer = refused.data as { message: string; kept: { fields: [string, string][]; hadFile: boolean } };
    expect(answer.message).toBe(
      'Le site ne peut pas enregistrer pour le moment\u00a0: le disque du serveur est plein.',
    );
    expect(typedText(answer.kept)).toBe(
      ['Léa Rochat', 'lea@exemple.ch', 'Date du marché de Noël', message.trim()].join('\n\n'),
    );
    expect(await counts()).toEqual(before);
    // Room again: the kept fields, posted as the page's « Réessayer l’envoi » posts them, are saved with their mail.
    db().pragma(`max_page_count = ${2 ** 30}`);
    const saved = await post(answer.kept.fields);
    expect(saved).toMatchObject({ status: 302, location: '/contact?envoye=1' });
    expect(await counts()).toEqual({ messages: before.messages + 1, mails: before.mails + 1 });
  });

  it('disque en lecture seule : 503 en français, la saisie rendue, rien d’écrit', async () => {
    const before = await counts();
    db().pragma('query_only = 1');
    const refused = await post(contactForm('Bonjour, une question sur le concert de samedi soir.'));
    expect(refused.status).toBe(503);
    expect((refused.data as { message: string }).message).toBe(
      'Le site ne peut pas enregistrer pour le moment\u00a0: le disque du serveur est en lecture seule.',
    );
    db().pragma('query_only = 0');
    expect(await counts()).toEqual(before);
  });

  it('/healthz : 200 quand le site peut servir ; 503 et la raison quand il ne peut pas écrire ou manque de place', async () => {
    const health = () =>
      routeAnswer(() => healthLoader({ request: new Request(`${SITE}/healthz`), params: {}, context: loadContext() }));
    expect(await health()).toMatchObject({ status: 200, data: { ok: true, problems: [] } });
    forgetReadiness();
    db().pragma('query_only = 1');
    expect(await health()).toMatchObject({
      status: 503,
      data: { ok: false, problems: ['le disque du serveur est en lecture seule.'] },
    });
    db().pragma('query_only = 0');
    forgetReadiness();
    const { config } = getServices();
    const min = config.MIN_FREE_DISK_MB;
    config.MIN_FREE_DISK_MB = 1e9;
    try {
      const answer = await health();
      expect(answer.status).toBe(503);
      expect((answer.data as { problems: string[] }).problems[0]).toMatch(
        /^Il ne reste que \d+ Mo sur le disque de DATA_DIR/,
      );
    } finally {
      config.MIN_FREE_DISK_MB = min;
    }
  });

  it('/healthz dit ce que reçoivent les visiteurs : une page qui ne peut pas lire la base le met à 503, avec sa raison', async () => {
    const health = () =>
      routeAnswer(() => healthLoader({ request: new Request(`${SITE}/healthz`), params: {}, context: loadContext() }));
    expect((await health()).status).toBe(200);
    // A page whose rows sit on pages of the base overwritten under the server (the probe's own are in SQLite's cache).
    const pages = answeringStorageFailures({
      routes: {
        'routes/evenements': {
          id: 'routes/evenements',
          path: 'evenements',
          module: {
            default: () => null,
            loader: () => {
              throw Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
            },
          },
        },
      },
    } as unknown as ServerBuild);
    const loader = pages.routes['routes/evenements']?.module.loader as (args: { request: Request }) => Promise<unknown>;
    const page = await routeAnswer(() => loader({ request: new Request(`${SITE}/evenements`) }));
    expect(page.status).toBe(503);
    expect(await health()).toMatchObject({
      status: 503,
      data: { ok: false, problems: ['Les pages ne peuvent pas lire le stockage : la base de données est endommagée.'] },
    });
  });
});
