// Cancelling one date of a series: « annulé » on that date only; only its owner or an admin; no new moderation.
import { describe, expect, it } from 'vitest';
import { makeEvent, makeSaturdayMarket, makeSeriesEvent, makeUser } from '../../../tests/support/factories';
import { memoryStore, recordingMailer } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import type { AgendaEvent } from '../../domain/event';
import { type EventFormInput, validateEventForm } from '../../domain/event-form';
import { scheduleFromForm } from '../../domain/schedule-form';
import { moderateEvent } from '../moderation/moderation';
import { UseCaseError } from '../platform/use-case-error';
import type { MailPort } from '../ports';
import { scheduleSpan } from '../schedule/schedule-expand';
import { cancelOrRestoreDate, DATE_MESSAGES, keepPublishedDates, managedDates, setDateCancelled } from './cancel-date';
import { valuesFromEvent } from './event-form';
import { eventForEditing, updateEvent } from './submissions';

/** The form's fields of a stored event, as its edit page fills them in and the server reads them back. */
function formInputOf(e: AgendaEvent): EventFormInput {
  const read = validateEventForm(valuesFromEvent(e, false), NOW);
  if (!read.ok) throw new Error(`formulaire refusé : ${JSON.stringify(read.errors)}`);
  return read.data;
}

const NOW = new Date('2030-03-01T10:00:00Z');
const rule = makeSaturdayMarket({ firstDate: '2030-03-09', count: 3 });

async function setup() {
  const { store } = memoryStore();
  await store.categories.upsertMany(DEFAULT_CATEGORIES);
  await store.users.upsert({ ...makeUser({ uid: 'orga', role: 'organizer' }), passwordHash: 'x', now: '' });
  await store.events.insertMany([
    makeSeriesEvent(rule, { id: 'marche', status: 'approved', createdBy: 'orga' }, { now: NOW }),
  ]);
  return store;
}

const PUBLIC = { status: ['approved', 'cancelled'] as const, endsAfter: NOW.toISOString(), limit: 10, offset: 0 };

describe('annuler une date d’une série', () => {
  it('l’organisateur annule une date : « annulé » sur elle seule, l’événement reste publié sans nouvelle modération', async () => {
    const store = await setup();
    const orga = makeUser({ uid: 'orga', role: 'organizer' });
    await setDateCancelled(
      { store },
      orga,
      { eventId: 'marche', startsAt: '2030-03-16T08:00:00+01:00', cancelled: true },
      NOW,
    );
    const list = await store.events.search({ ...PUBLIC, status: [...PUBLIC.status] });
    expect(list.items.map((e) => [e.startsAt, e.occurrence?.cancelled])).toEqual([
      ['2030-03-09T08:00:00+01:00', false],
      ['2030-03-16T08:00:00+01:00', true],
      ['2030-03-23T08:00:00+01:00', false],
    ]);
    const event = await store.events.findById('marche');
    expect(event).toMatchObject({ status: 'approved', revision: null });
    await setDateCancelled(
      { store },
      orga,
      { eventId: 'marche', startsAt: '2030-03-16T08:00:00+01:00', cancelled: false },
      NOW,
    );
    expect((await store.events.occurrences('marche')).every((o) => !o.cancelled)).toBe(true);
  });

  it('un autre compte est refusé ; une date hors de la série aussi', async () => {
    const store = await setup();
    const other = makeUser({ uid: 'autre', role: 'organizer' });
    await expect(
      setDateCancelled({ store }, other, { eventId: 'marche', startsAt: '2030-03-16T08:00:00+01:00', cancelled: true }),
    ).rejects.toMatchObject({ status: 403 });
    const admin = makeUser({ uid: 'admin', role: 'admin' });
    const wrong = setDateCancelled({ store }, admin, {
      eventId: 'marche',
      startsAt: '2030-03-17T08:00:00+01:00',
      cancelled: true,
    });
    await expect(wrong).rejects.toBeInstanceOf(UseCaseError);
    expect((await store.events.occurrences('marche')).some((o) => o.cancelled)).toBe(false);
  });
});

describe('les dates d’une série une par une (décision 068)', () => {
  const orga = makeUser({ uid: 'orga', role: 'organizer' });

  it('une exposition se ferme par ses jours de fermeture, pas par « Annuler cette date » ; une date passée ne s’annule pas', async () => {
    const { store } = memoryStore();
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    await store.users.upsert({ ...orga, passwordHash: 'x', now: '' });
    const period = {
      kind: 'period' as const,
      from: '2030-03-02',
      to: '2030-03-30',
      hours: { SA: { open: '10:00', close: '18:00' } },
      closed: [],
    };
    const span = scheduleSpan(period);
    if (!span) throw new Error('période vide');
    await store.events.insertMany([
      makeEvent({ id: 'expo', createdBy: 'orga', schedule: period, ...span }, { now: NOW }),
      makeSeriesEvent(rule, { id: 'marche', createdBy: 'orga' }, { now: NOW }),
    ]);
    await expect(
      setDateCancelled({ store }, orga, { eventId: 'expo', startsAt: span.startsAt, cancelled: true }, NOW),
    ).rejects.toMatchObject({ message: DATE_MESSAGES.period });
    const later = new Date('2030-03-20T10:00:00Z');
    await expect(
      setDateCancelled(
        { store },
        orga,
        { eventId: 'marche', startsAt: '2030-03-09T08:00:00+01:00', cancelled: true },
        later,
      ),
    ).rejects.toMatchObject({ message: DATE_MESSAGES.past });
  });

  it('les dates à venir d’une série pour le tableau de bord ; annuler puis rétablir dit quoi et ramène au tableau de bord', async () => {
    const store = await setup();
    expect(
      (await managedDates({ store }, { id: 'marche', allDay: false, schedule: rule }, NOW)).map((d) => d.short),
    ).toEqual(['sam. 9 mars · 08:00', 'sam. 16 mars · 08:00', 'sam. 23 mars · 08:00']);
    const services = {
      store,
      mailer: recordingMailer(),
      config: { SITE_URL: 'https://agenda.test', SESSION_SECRET: 's' },
    };
    const cancelled = await cancelOrRestoreDate(
      services,
      orga,
      { eventId: 'marche', startsAt: '2030-03-16T08:00:00+01:00', cancelled: true, back: 'tableau-de-bord' },
      NOW,
    );
    expect(cancelled.path).toBe('/dashboard?dates=marche#dates-marche');
    expect(cancelled.flash).toMatchObject({
      kind: 'info',
      message:
        'La date du samedi 16 mars 2030, 08:00 – 12:00 est annulée\u00a0: elle reste affichée «\u00a0Annulé\u00a0»\u00a0; les autres dates ne changent pas. Personne n’était abonné·e\u00a0: aucun email n’est parti.',
      action: { intent: 'restore', fields: { startsAt: '2030-03-16T08:00:00+01:00', retour: 'tableau-de-bord' } },
    });
    expect(
      (await managedDates({ store }, { id: 'marche', allDay: false, schedule: rule }, NOW)).map((d) => d.cancelled),
    ).toEqual([false, true, false]);
    const restored = await cancelOrRestoreDate(
      services,
      orga,
      { eventId: 'marche', startsAt: '2030-03-16T08:00:00+01:00', cancelled: false, back: 'evenement' },
      NOW,
    );
    expect(restored).toMatchObject({ path: '/evenement/marche?date=2030-03-16', flash: { kind: 'success' } });
    const refused = await cancelOrRestoreDate(
      services,
      makeUser({ uid: 'autre' }),
      { eventId: 'marche', startsAt: '2030-03-16T08:00:00+01:00', cancelled: true, back: 'evenement' },
      NOW,
    );
    expect(refused).toEqual({ path: '/evenement/marche', flash: { kind: 'error', message: DATE_MESSAGES.forbidden } });
  });

  it('« Sauf les dates » d’une date déjà publiée : la date reste, « Annulé », tout de suite ; une date pas encore publiée est exclue', async () => {
    const store = await setup();
    const published = await store.events.findById('marche');
    if (!published) throw new Error('série absente');
    const edited = { ...rule, start: '09:00', exclude: ['2030-03-16', '2030-03-30'] };
    expect(keepPublishedDates(published, edited, NOW)).toEqual({
      schedule: { ...edited, exclude: ['2030-03-30'] },
      cancel: ['2030-03-16T08:00:00+01:00'],
    });
    // Not public yet: nothing to keep.
    expect(keepPublishedDates({ ...published, status: 'pending' }, edited, NOW).cancel).toEqual([]);
    // Already excluded before the edit: stays excluded.
    expect(
      keepPublishedDates({ ...published, schedule: { ...rule, exclude: ['2030-03-16'] } }, edited, NOW).cancel,
    ).toEqual([]);
  });

  it('l’organisateur exclut une date publiée dans une modification : publiée « Annulé » sans attendre, la modification en attente', async () => {
    const store = await setup();
    const event = await store.events.findById('marche');
    if (!event) throw new Error('série absente');
    const edited = { ...rule, exclude: ['2030-03-16'] };
    const input = { ...formInputOf(event), schedule: edited, span: scheduleSpan(edited) };
    await updateEvent({ store, now: () => NOW }, orga, 'marche', input, undefined);
    const after = await store.events.findById('marche');
    expect(after?.cancelledDates).toEqual(['2030-03-16T08:00:00+01:00']);
    // Nothing else changed: no revision waits, the date shows « Annulé » to the public now.
    expect(after?.revision).toBeNull();
    expect((await store.events.occurrences('marche')).map((o) => o.cancelled)).toEqual([false, true, false]);
  });

  it('une série déplacée (08:00 → 08:30) garde ses dates annulées, publiée par un admin ou approuvée après modération', async () => {
    const store = await setup();
    const admin = makeUser({ uid: 'admin', role: 'admin' });
    await store.users.upsert({ ...admin, passwordHash: 'x', now: '' });
    const cancel = (startsAt: string) =>
      setDateCancelled({ store }, orga, { eventId: 'marche', startsAt, cancelled: true }, NOW);
    await cancel('2030-03-16T08:00:00+01:00');
    const moved = async (who: typeof orga, start: string) => {
      const event = await eventForEditing({ store }, who, 'marche');
      const schedule = { ...rule, start };
      await updateEvent(
        { store, now: () => NOW },
        who,
        'marche',
        { ...formInputOf(event), schedule, span: scheduleSpan(schedule) },
        undefined,
      );
    };
    const shown = async () =>
      (await store.events.occurrences('marche')).map(
        (o) => `${o.startsAt.slice(5, 16)}${o.cancelled ? ' annulé' : ''}`,
      );
    // An admin's edit is published at once: the 16th stays cancelled at its new time.
    await moved(admin, '08:30');
    expect(await shown()).toEqual(['03-09T08:30', '03-16T08:30 annulé', '03-23T08:30']);
    // An organizer's edit waits; the public dates keep their marks, then carry them once approved.
    await cancel('2030-03-23T08:30:00+01:00');
    await moved(orga, '09:00');
    expect(await shown()).toEqual(['03-09T08:30', '03-16T08:30 annulé', '03-23T08:30 annulé']);
    const mailer = { send: async () => {} } as unknown as MailPort;
    await moderateEvent({ store, mailer, siteUrl: 'https://agenda.test', now: () => NOW }, admin, {
      eventId: 'marche',
      action: 'approve',
    });
    expect(await shown()).toEqual(['03-09T09:00', '03-16T09:00 annulé', '03-23T09:00 annulé']);
  });

  it('la page de modification d’une série sans heure de fin la rend telle quelle : ni heure ni date de fin inventées', async () => {
    const store = await setup();
    const open = { ...rule, end: '' };
    await store.events.insertMany([
      makeSeriesEvent(open, { id: 'soir', status: 'approved', createdBy: 'orga' }, { now: NOW }),
    ]);
    const values = valuesFromEvent((await store.events.findById('soir')) as AgendaEvent, false);
    expect(values).toMatchObject({ startTime: '08:00', endTime: '', endDate: '' });
    expect(scheduleFromForm(values)).toEqual({ ok: true, schedule: open });
  });
});
