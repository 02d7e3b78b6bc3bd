// The `mails` job (decision 060): what leaves, when a try comes back, when a mail is left to the admins.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mailHarness, memoryStore } from '../../../tests/unit/memory-store';
import { mailQueueSummary } from './admin-mails';
import { MAIL_BATCH, resetTransportPause, retryDelayMs } from './deliver';

const T0 = new Date('2030-03-01T10:00:00Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const message = (n: number) => ({
  to: `p${n}@exemple.ch`,
  subject: `Mail ${n}`,
  text: 'Bonjour',
  html: '<p>Bonjour</p>',
});
const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' });
const silent = Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' });

function setup() {
  const { store } = memoryStore();
  const mail = mailHarness(store, { now: () => T0 });
  return { store, mail };
}

beforeEach(() => resetTransportPause());

describe('la file des mails', () => {
  it('les essais reviennent après 1, 2, 4… minutes, une heure au plus', () => {
    expect([1, 2, 3, 4, 6, 7, 8, 30].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 32, 60, 60, 60]);
  });

  it('serveur éteint puis rallumé : chaque mail part une fois, avec le même Message-ID qu’au premier essai', async () => {
    const { store, mail } = setup();
    for (let n = 0; n < 3; n++) await mail.mailer.send(message(n));
    mail.transport.failure = refused;
    expect(await mail.deliver(T0)).toBe('0 mail envoyé, 1 à réessayer, 0 en échec, serveur de mail injoignable');
    // The first was tried; the two others kept their turn and no attempt.
    const waiting = await store.mails.list('pending', 10);
    expect(waiting.map((m) => m.attempts).sort()).toEqual([0, 0, 1]);
    const tried = waiting.find((m) => m.attempts === 1);
    // Still unreachable a little later: nothing is hammered (the transport pauses).
    expect(await mail.deliver(later(0.1))).toBe(
      '0 mail envoyé, 0 à réessayer, 0 en échec, serveur de mail injoignable',
    );
    mail.transport.failure = null;
    expect(await mail.deliver(later(2))).toBe('3 mails envoyés, 0 à réessayer, 0 en échec');
    expect(mail.sent.map((m) => m.to).sort()).toEqual(['p0@exemple.ch', 'p1@exemple.ch', 'p2@exemple.ch']);
    expect(mail.sent.find((m) => m.to === tried?.to)?.messageId).toBe(`<${tried?.id}@agenda.test>`);
    expect(await mail.deliver(later(120))).toBe('0 mail envoyé, 0 à réessayer, 0 en échec');
    expect(mail.sent).toHaveLength(3);
  });

  // An operator stopped the mail server: the dashboard said « 1 en attente », the log nothing, and neither why.
  it('un mail qui n’est pas parti : le journal dit pourquoi et quand il sera réessayé, le tableau de bord aussi', async () => {
    const { store, mail } = setup();
    await mail.mailer.send(message(1));
    expect((await mailQueueSummary({ store })).stuck).toBeNull();
    mail.transport.failure = refused;
    const warnings: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line));
    try {
      await mail.deliver(T0);
    } finally {
      warn.mockRestore();
    }
    // Tried at 10:00 UTC (11:00 in Zurich): the next try, a minute later, in UTC as the access log (issue 68).
    expect(warnings).toEqual([
      expect.stringMatching(
        /^\[mails\] « Mail 1 » pas encore envoyé \(essai 1, prochain à 10:01 UTC, \w+\) : connect ECONNREFUSED 127\.0\.0\.1:25$/,
      ),
    ]);
    expect((await mailQueueSummary({ store })).stuck).toMatchObject({
      subject: 'Mail 1',
      attempts: 1,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    });
  });

  it('serveur muet : essayé pendant un jour au moins, puis laissé aux admins avec la raison', async () => {
    const { store, mail } = setup();
    await mail.mailer.send(message(1));
    mail.transport.failure = silent;
    let minutes = 0;
    let tries = 0;
    while ((await store.mails.counts()).pending === 1 && tries < 100) {
      resetTransportPause();
      await mail.deliver(later(minutes));
      tries++;
      const [next] = await store.mails.list('pending', 1);
      if (next?.dueAt) minutes = (Date.parse(next.dueAt) - T0.getTime()) / 60_000;
    }
    const [failed] = await store.mails.list('failed', 1);
    expect(failed).toMatchObject({ subject: 'Mail 1', lastError: 'Greeting never received' });
    expect(minutes).toBeGreaterThanOrEqual(24 * 60);
    expect(failed.attempts).toBeGreaterThan(20);
    expect(mail.sent).toEqual([]);
  });

  it('une adresse refusée pour de bon (5xx) échoue tout de suite, sans retenir les autres', async () => {
    const { store, mail } = setup();
    await mail.mailer.send(message(1));
    await mail.mailer.send(message(2));
    const transport = mail.transport;
    const deliver = transport.deliver.bind(transport);
    transport.deliver = async (m) => {
      if (m.to === 'p1@exemple.ch')
        throw Object.assign(new Error('550 5.1.1 user unknown'), { code: 'EENVELOPE', responseCode: 550 });
      return deliver(m);
    };
    expect(await mail.deliver(T0)).toBe('1 mail envoyé, 0 à réessayer, 1 en échec');
    expect(await store.mails.list('failed', 10)).toMatchObject([{ to: 'p1@exemple.ch', attempts: 1 }]);
  });

  it('par lots bornés, jusqu’à ce que la file soit vide', async () => {
    const { store, mail } = setup();
    for (let n = 0; n < MAIL_BATCH * 2 + 5; n++) await mail.mailer.send(message(n));
    expect(await mail.deliver(T0)).toBe(`${MAIL_BATCH * 2 + 5} mails envoyés, 0 à réessayer, 0 en échec`);
    expect(await store.mails.counts()).toEqual({ pending: 0, sending: 0, failed: 0 });
  });

  it('deux tâches à la fois (deux instances) n’envoient jamais deux fois le même mail', async () => {
    const { store } = setup();
    const one = mailHarness(store, { now: () => T0 });
    const two = mailHarness(store, { now: () => T0 });
    for (let n = 0; n < 30; n++) await one.mailer.send(message(n));
    await Promise.all([one.deliver(T0), two.deliver(T0)]);
    const sent = [...one.sent, ...two.sent].map((m) => m.messageId);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
  });

  it('un mail de compte sans objet au départ (adresse inconnue) quitte la file sans rien envoyer', async () => {
    const { store, mail } = setup();
    await mail.mailer.sendLater({ kind: 'password-reset', email: 'personne@exemple.ch' });
    expect(await mail.deliver(T0)).toBe('0 mail envoyé, 0 à réessayer, 0 en échec');
    expect(mail.sent).toEqual([]);
    expect(await store.mails.counts()).toEqual({ pending: 0, sending: 0, failed: 0 });
  });
});
