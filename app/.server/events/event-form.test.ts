// « Copier pour une nouvelle date » of an event whose venue its organizer only proposed: the copy chose that record,
// which a new event may not, and was refused « Ce lieu n’est pas dans la liste » (the e2e test of the copy passed only
// when an earlier test had had a venue of that name approved).
import { describe, expect, it } from 'vitest';
import { makeEvent, makeTuesdayClass, makeUser, makeVenue } from '../../../tests/support/factories';
import { memoryStore } from '../../../tests/unit/memory-store';
import { DEFAULT_CATEGORIES } from '../../domain/categories';
import { editNote, NEW_EVENT_NOTE } from '../../domain/event-edit-story';
import { NEW_PLACE } from '../../domain/event-form';
import { checkEventForm } from '../../domain/schedule-form';
import { eventFormPage } from './event-form';

describe('le formulaire d’une copie', () => {
  it('un lieu que l’organisateur a proposé, encore en attente, est repris par la copie ; un lieu approuvé reste', async () => {
    const { store } = memoryStore();
    const organizer = makeUser({ uid: 'orga', role: 'organizer' });
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    await store.users.upsert({ ...organizer, passwordHash: 'x', now: '' });
    const proposed = makeVenue({ id: 'propose', slug: 'temple-propose', status: 'pending' });
    const approved = makeVenue({ id: 'approuve', slug: 'salle-approuvee', status: 'approved' });
    await store.venues.insertMany([proposed, approved]);
    const fromProposed = makeEvent({ id: 'source1', createdBy: 'orga', venueId: 'propose', venueName: 'Temple' });
    const fromApproved = makeEvent({ id: 'source2', createdBy: 'orga', venueId: 'approuve' });
    await store.events.insertMany([fromProposed, fromApproved]);

    // Its own proposal (issue 70): the next event may take it again while it waits, marked as such.
    const copy = await eventFormPage({ store }, organizer, { copyFrom: 'source1' });
    expect(copy.values).toMatchObject({ venueId: 'propose', venueName: 'Temple' });
    expect(copy.places.venue?.id).toBe('propose');
    expect(copy.values.venueId).not.toBe(NEW_PLACE);
    const other = await eventFormPage({ store }, organizer, { copyFrom: 'source2' });
    expect(other.values.venueId).toBe('approuve');
    // Its own edit keeps its proposal: the form's check accepts the venue the event already has.
    const edit = await eventFormPage({ store }, organizer, { eventId: 'source1' });
    expect(edit.values.venueId).toBe('propose');
    // What sending will do, written by the server (its texts stay off the page's JavaScript, issue 72).
    expect(copy.note).toBe(NEW_EVENT_NOTE);
    expect(edit.note).toBe(editNote(fromProposed.status, false));
  });

  it('une copie pour une nouvelle date part sans aucune date de sa source et se nomme ; envoyée telle quelle, refusée', async () => {
    const { store } = memoryStore();
    const organizer = makeUser({ uid: 'orga', role: 'organizer' });
    await store.categories.upsertMany(DEFAULT_CATEGORIES);
    await store.users.upsert({ ...organizer, passwordHash: 'x', now: '' });
    const days = ['2027-03-05', '2027-03-06', '2027-03-12'];
    await store.events.insertMany([
      makeEvent({
        id: 'dates',
        title: 'Les Fourberies de Scapin',
        createdBy: 'orga',
        schedule: { kind: 'dates', dates: days.map((date) => ({ date, start: '20:00', end: '22:00' })) },
      }),
      makeEvent({
        id: 'regle',
        createdBy: 'orga',
        schedule: makeTuesdayClass({
          firstDate: '2027-03-02',
          start: '18:00',
          end: '19:30',
          until: '2027-06-29',
          exclude: ['2027-04-13'],
        }),
      }),
      makeEvent({
        id: 'periode',
        createdBy: 'orga',
        schedule: {
          kind: 'period',
          from: '2027-03-01',
          to: '2027-05-31',
          hours: { WE: { open: '14:00', close: '18:00' } },
          closed: ['2027-04-14'],
        },
      }),
    ]);
    const copy = await eventFormPage({ store }, organizer, { copyFrom: 'dates' });
    expect(copy.copyOf).toEqual({ title: 'Les Fourberies de Scapin' });
    expect(copy.values).toMatchObject({ scheduleKind: 'dates', dateList: '', startDate: '', endDate: '' });
    expect(checkEventForm(copy.values).errors.dateList).toBeTruthy();
    // A rule keeps how it repeats, a period its hours: not one of their days.
    const rule = await eventFormPage({ store }, organizer, { copyFrom: 'regle' });
    expect(rule.values).toMatchObject({ ruleRepeat: 'weekly-1', ruleDayTU: 'on', ruleUntil: '', ruleExclude: '' });
    const period = await eventFormPage({ store }, organizer, { copyFrom: 'periode' });
    expect(period.values).toMatchObject({ hoursWEOpen: '14:00', startDate: '', endDate: '', periodClosed: '' });
    for (const values of [rule.values, period.values]) expect(checkEventForm(values).errors.startDate).toBeTruthy();
    // Its own edit is no copy.
    expect((await eventFormPage({ store }, organizer, { eventId: 'dates' })).copyOf).toBeNull();
  });
});
