// Places to book through their use cases (issue 73, decision 168): the organizer opens 2 places with a waiting list;
// visitors register without an account, the next one waits; one cancels by the mailed link and the waiting one gets
// the place and a mail; the words the page shows follow; the CSV opens right in a spreadsheet; bad input is refused
// in French with nothing stored; only the event's managers manage its registrations.
import { describe, expect, it } from 'vitest';
import { makeEvent, storeUser } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { cancelEvent } from '../events/submissions';
import { UseCaseError } from '../platform/use-case-error';
import type { Store } from '../ports';
import { seedCategories } from '../seed/seed';
import { messageRegistrants, openRegistration, registrationsCsv } from './organizer';
import { cancelRegistration, registerForDate, registrationShown } from './registrations';
import { registrationChores } from './reminders';

const NOW = new Date('2030-03-01T10:00:00Z');
const STARTS = '2030-03-20T17:00:00.000Z';
const config = { SITE_URL: 'https://agenda.exemple.ch', SESSION_SECRET: 's'.repeat(32) };

/** Each test's own addresses: the per-email limit counts across the tests of this process. */
let run = 0;
const at = (n: number) => `v${n}@t${run}.exemple.ch`;

async function setUp() {
  run++;
  const { store } = memoryStore();
  await seedCategories({ store });
  const owner = await storeUser(store, { uid: 'orga', email: 'orga@exemple.ch' });
  const other = await storeUser(store, { uid: 'autre', email: 'autre@exemple.ch' });
  const event = makeEvent(
    { id: 'atelier', title: 'Atelier poterie', status: 'approved', createdBy: 'orga', startsAt: STARTS },
    { now: NOW },
  );
  await store.events.insertMany([{ ...event, endsAt: '2030-03-20T19:00:00.000Z' }]);
  const deps = { store, config };
  return { store, deps, owner, other, event: (await store.events.findById('atelier'))! };
}

const visitor = (n: number, more: Record<string, string> = {}) => ({
  startsAt: STARTS,
  name: `Visiteur ${n}`,
  email: at(n),
  people: '1',
  answer0: '8 ans',
  ...more,
});

const pending = async (store: Store) =>
  (await store.mails.list('pending', 100)).map((m) => ({
    to: m.to,
    subject: m.subject,
    text: m.content.kind === 'message' ? m.content.message.text : '',
  }));

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UseCaseError);
  const { field, message, status } = error as UseCaseError;
  return { field, message, status };
};

describe('places à réserver, par leurs cas d’usage', () => {
  it('2 places : deux confirmées, la suivante attend ; une annulation lui donne la place et un mail', async () => {
    const { store, deps, owner, other, event } = await setUp();
    const settings = { startsAt: STARTS, places: '2', waitingList: 'on', perPerson: '2', question0: 'Âge de l’enfant' };
    expect(await refusal(openRegistration(deps, other, event.id, settings, NOW))).toMatchObject({ status: 404 });
    await openRegistration(deps, owner, event.id, settings, NOW);
    expect((await registrationShown(deps, event.id, STARTS, NOW))?.text).toBe('2\u00a0places');

    expect((await registerForDate(deps, event, visitor(1), NOW)).status).toBe('confirmed');
    expect((await registrationShown(deps, event.id, STARTS, NOW))?.text).toBe('Plus qu’une place');
    expect((await registerForDate(deps, event, visitor(2), NOW)).status).toBe('confirmed');
    expect((await registerForDate(deps, event, visitor(3), NOW)).status).toBe('waiting');
    expect((await registrationShown(deps, event.id, STARTS, NOW))?.text).toBe('Complet — liste d’attente');
    expect(await refusal(registerForDate(deps, event, visitor(1), NOW))).toEqual({
      field: 'email',
      message: 'Cette adresse email est déjà inscrite à cette date.',
      status: 409,
    });

    const mails = await pending(store);
    mails.sort((a, b) => a.to.localeCompare(b.to));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      [at(1), 'Inscription confirmée — Agenda romand'],
      [at(2), 'Inscription confirmée — Agenda romand'],
      [at(3), 'Liste d’attente — Agenda romand'],
    ]);
    const link = /https:\/\/agenda\.exemple\.ch\/inscription\/annuler\/([\w-]+)/.exec(mails[0].text);
    expect(link).not.toBeNull();

    const done = await cancelRegistration(deps, link?.[1] ?? '', NOW);
    expect(done.promoted.map((r) => r.email)).toEqual([at(3)]);
    const after = (await pending(store)).slice(3).sort((a, b) => a.to.localeCompare(b.to));
    expect(after.map((m) => [m.to, m.subject])).toEqual([
      [at(1), 'Inscription annulée — Agenda romand'],
      [at(3), 'Une place s’est libérée — Agenda romand'],
    ]);
    // The promoted one's mail carries their own cancel link.
    expect(after[1].text).toMatch(/\/inscription\/annuler\/[\w-]+/);
    expect(await refusal(cancelRegistration(deps, link?.[1] ?? '', NOW))).toMatchObject({ status: 404 });
    expect((await registrationShown(deps, event.id, STARTS, NOW))?.text).toBe('Complet — liste d’attente');
    // After the closing time (its start here), nobody registers.
    expect((await registrationShown(deps, event.id, STARTS, new Date(STARTS)))?.text).toBe('Inscriptions closes');
  });

  it('une saisie fausse est refusée en français, rien n’est gardé ; la limite par inscription', async () => {
    const { store, deps, owner, event } = await setUp();
    await openRegistration(deps, owner, event.id, { startsAt: STARTS, places: '10', perPerson: '3' }, NOW);
    expect(await refusal(registerForDate(deps, event, visitor(1, { email: 'pas-une-adresse' }), NOW))).toMatchObject({
      field: 'email',
      message: 'Cette adresse email n’est pas valide (exemple\u00a0: prenom@exemple.ch).',
    });
    expect(await refusal(registerForDate(deps, event, visitor(1, { name: '' }), NOW))).toMatchObject({
      field: 'name',
      message: 'Indiquez votre nom.',
    });
    expect(await refusal(registerForDate(deps, event, visitor(1, { people: '4' }), NOW))).toMatchObject({
      field: 'people',
      message: 'Une inscription compte au plus 3\u00a0personnes.',
    });
    expect(await store.registrations.list(event.id, null)).toEqual([]);
    expect(await pending(store)).toEqual([]);
  });

  it('l’export CSV s’ouvre juste dans un tableur : BOM, point-virgule, guillemets, pas de formule', async () => {
    const { deps, owner, other, event } = await setUp();
    await openRegistration(deps, owner, event.id, { startsAt: STARTS, places: '5', question0: 'Régime' }, NOW);
    await registerForDate(deps, event, visitor(1, { name: '=HYPERLINK("x")', answer0: 'sans "gluten"; merci' }), NOW);
    const { csv, filename } = await registrationsCsv(deps, owner, event.id, STARTS);
    expect(filename).toBe('inscriptions-atelier-2030-03-20.csv');
    expect(csv.startsWith('\ufeff"Nom";"Email";"Personnes";"Statut";"Inscrit le";"Régime"\r\n')).toBe(true);
    expect(csv.split('\r\n')[1]).toBe(
      `"'=HYPERLINK(""x"")";"${at(1)}";"1";"confirmée";"2030-03-01 11:00";"sans ""gluten""; merci"`,
    );
    // Without a date, every date's list, each row with its date, on Zurich's clock.
    const all = await registrationsCsv(deps, owner, event.id, '');
    expect(all.filename).toBe('inscriptions-atelier-toutes-les-dates.csv');
    expect(all.csv.split('\r\n').slice(0, 2)).toEqual([
      '\ufeff"Date";"Nom";"Email";"Personnes";"Statut";"Inscrit le";"Régime"',
      `"2030-03-20 18:00";"'=HYPERLINK(""x"")";"${at(1)}";"1";"confirmée";"2030-03-01 11:00";"sans ""gluten""; merci"`,
    ]);
    expect(await refusal(registrationsCsv(deps, other, event.id, STARTS))).toMatchObject({ status: 404 });
  });

  it('un message aux inscrits : borné, un mail chacun', async () => {
    const { store, deps, owner, event } = await setUp();
    await openRegistration(deps, owner, event.id, { startsAt: STARTS, places: '5' }, NOW);
    for (const n of [1, 2]) await registerForDate(deps, event, visitor(n), NOW);
    const input = { eventId: event.id, startsAt: STARTS };
    expect(await refusal(messageRegistrants(deps, owner, { ...input, message: 'court' }))).toMatchObject({
      field: 'message',
    });
    expect(await messageRegistrants(deps, owner, { ...input, message: 'Prenez un tablier, merci\u00a0!' })).toBe(2);
    const sent = (await pending(store)).filter((m) => m.subject.startsWith('Message'));
    expect(sent.map((m) => m.to).sort()).toEqual([at(1), at(2)]);
    expect(sent[0].text).toContain('Prenez un tablier');
    // A reply reaches the organizer who wrote, not the site's sending address.
    const queued = (await store.mails.list('pending', 100)).filter((m) => m.subject.startsWith('Message'));
    expect(queued.map((m) => m.content.kind === 'message' && m.content.message.replyTo)).toEqual([
      'orga@exemple.ch',
      'orga@exemple.ch',
    ]);
  });

  it('l’événement annulé par son organisateur : un mail à chaque inscrit, et les inscriptions se ferment', async () => {
    const { store, deps, owner, event } = await setUp();
    await openRegistration(deps, owner, event.id, { startsAt: STARTS, places: '1', waitingList: 'on' }, NOW);
    for (const n of [1, 2]) await registerForDate(deps, event, visitor(n), NOW);
    await cancelEvent({ ...deps, now: () => NOW }, owner, event.id);
    const told = (await pending(store)).filter((m) => m.subject.startsWith('Changement'));
    expect(told.map((m) => m.to).sort()).toEqual([at(1), at(2)]);
    expect(told[0].text).toContain('L’événement est annulé.');
    expect((await registrationShown(deps, event.id, STARTS, NOW))?.text).toBe('Inscriptions closes');
  });

  it('la veille, un rappel aux confirmés, une fois ; 30 jours après la date, leurs données sont effacées', async () => {
    const { store, deps, owner, event } = await setUp();
    await openRegistration(deps, owner, event.id, { startsAt: STARTS, places: '1', waitingList: 'on' }, NOW);
    for (const n of [1, 2]) await registerForDate(deps, event, visitor(n), NOW);
    const dayBefore = new Date(Date.parse(STARTS) - 20 * 3600_000);
    expect(await registrationChores(deps, new Date(Date.parse(STARTS) - 30 * 3600_000))).toBe(
      '0 rappel, 0 inscription effacée',
    );
    expect(await registrationChores(deps, dayBefore)).toBe('1 rappel, 0 inscription effacée');
    expect(await registrationChores(deps, dayBefore)).toBe('0 rappel, 0 inscription effacée');
    const reminders = (await pending(store)).filter((m) => m.subject.startsWith('C’est demain'));
    expect(reminders.map((m) => m.to)).toEqual([at(1)]);
    expect(reminders[0].text).toMatch(/\/inscription\/annuler\/[\w-]+/);
    expect(await registrationChores(deps, new Date(Date.parse(STARTS) + 29 * 24 * 3600_000))).toMatch(/ 0 inscription/);
    expect(await registrationChores(deps, new Date(Date.parse(STARTS) + 31 * 24 * 3600_000))).toBe(
      '0 rappel, 2 inscriptions effacées',
    );
    expect(await store.registrations.list(event.id, null)).toEqual([]);
  });
});
