// What a subscriber's calendar reads in SEQUENCE (RFC 5545), on both store backends: 0 when an event is first
// published, one more at each published change of date, place, title or status, unchanged by any other (issue 52).
// Outlook and Apple Calendar keep their copy of an event whose SEQUENCE did not grow.
import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { setDateCancelled } from '../../app/.server/events/cancel-date';
import { changeEvent } from '../../app/.server/events/lifecycle';
import type { UserProfile } from '../../app/.server/ports';
import { contentOf } from '../../app/domain/event';
import { loader as eventIcsLoader } from '../../app/routes/evenement.$id.calendrier[.ics]';
import { loader as listIcsLoader } from '../../app/routes/evenements[.ics]';
import { makeEvent, makeSaturdayMarket } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const SITE = 'https://agenda.example';

describe.each(BACKENDS)('SEQUENCE des fichiers iCalendar : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });
  // The clock the code is given: each step 37 s after the previous one.
  const start = Date.now();
  let step = 0;
  const deps = { store, now: () => new Date(start + ++step * 37_000) };

  async function users() {
    const make = async (uid: string, role: 'organizer' | 'admin') =>
      (await store.users.create({
        uid,
        email: `${uid}@exemple.ch`,
        displayName: uid,
        role,
        passwordHash: 'x',
        now: new Date(start).toISOString(),
      })) as UserProfile;
    return { owner: await make('organisatrice', 'organizer'), admin: await make('moderatrice', 'admin') };
  }

  const context = {
    services: { store, config: { SITE_URL: SITE } },
    clientIp: '192.0.2.52',
  } as unknown as AppLoadContext;
  async function ics(loader: unknown, path: string, params: Record<string, string> = {}) {
    const response = await (loader as (a: object) => Promise<Response>)({
      request: new Request(`${SITE}${path}`),
      params,
      context,
    });
    expect(response.status, path).toBe(200);
    return response.text();
  }
  /** The SEQUENCE of each VEVENT of the event's .ics and of the whole agenda's feed (the event is all it holds). */
  async function sequences(id: string) {
    const of = (text: string) => [...text.matchAll(/^SEQUENCE:(\d+)\r$/gm)].map((m) => Number(m[1]));
    return [
      ...of(await ics(eventIcsLoader, `/evenement/${id}/calendrier.ics`, { id })),
      ...of(await ics(listIcsLoader, '/evenements.ics')),
    ];
  }

  it('0 à la publication, +1 aux changements qui comptent, inchangé par les autres, jamais en baisse', async () => {
    const { owner, admin } = await users();
    const event = makeEvent({ status: 'pending', createdBy: owner.uid }, { now: new Date(start) });
    await store.events.insertMany([event]);
    const act = async (user: UserProfile, action: 'approve' | 'edit' | 'feature' | 'cancel', change = {}) => {
      const current = await store.events.findById(event.id);
      const content = current?.revision ?? (current ? contentOf(current) : undefined);
      await changeEvent(deps, user, {
        eventId: event.id,
        action,
        content: action === 'edit' ? { ...contentOf(content ?? event), ...change } : undefined,
      });
      return sequences(event.id);
    };

    // Approved 37 s after it was sent, edited while pending before that: a first publication.
    await changeEvent(deps, owner, {
      eventId: event.id,
      action: 'edit',
      content: { ...contentOf(event), title: 'Récital' },
    });
    expect(await act(admin, 'approve')).toEqual([0, 0]);
    // A new time, proposed then approved: calendars must take it (nothing moves before the approval).
    const later = new Date(Date.parse(event.startsAt) + 3_600_000).toISOString();
    const end = new Date(Date.parse(event.endsAt) + 3_600_000).toISOString();
    expect(await act(owner, 'edit', { startsAt: later, endsAt: end })).toEqual([0, 0]);
    expect(await act(admin, 'approve')).toEqual([1, 1]);
    // A description, a price, featuring: no calendar shows them as a new version.
    await act(owner, 'edit', { description: `${event.description} Entrée libre pour les enfants.`, priceMax: 25 });
    expect(await act(admin, 'approve')).toEqual([1, 1]);
    expect(await act(admin, 'feature')).toEqual([1, 1]);
    // A new place, then the cancellation.
    await act(admin, 'edit', { venueName: 'Temple du Bas', street: 'Rue du Temple-Neuf 3' });
    expect(await sequences(event.id)).toEqual([2, 2]);
    expect(await act(owner, 'cancel')).toEqual([3, 3]);
    // Whatever the caller's copy says, the store keeps counting from what it holds.
    const stored = await store.events.findById(event.id);
    if (!stored) throw new Error('événement perdu');
    await store.events.transition({
      seen: stored.updatedAt,
      next: { ...stored, description: `${stored.description} !`, icalSequence: 0, updatedAt: deps.now().toISOString() },
    });
    expect(await sequences(event.id)).toEqual([3, 3]);
  });

  it('une date annulée dans une série, puis rétablie, fait chaque fois une nouvelle version', async () => {
    const { owner } = await users();
    const day = (n: number) => new Date(start + n * 86_400_000).toISOString().slice(0, 10);
    const schedule = makeSaturdayMarket({ firstDate: day(7), until: day(60) });
    const market = makeEvent({ status: 'approved', createdBy: owner.uid, schedule }, { now: new Date(start) });
    await store.events.insertMany([market]);
    const [first] = await store.events.occurrences(market.id, new Date(start).toISOString());
    const before = await sequences(market.id);
    expect(new Set(before)).toEqual(new Set([0]));
    for (const [cancelled, expected] of [
      [true, 1],
      [false, 2],
    ] as const) {
      await setDateCancelled({ store }, owner, { eventId: market.id, startsAt: first.startsAt, cancelled }, deps.now());
      expect(new Set(await sequences(market.id))).toEqual(new Set([expected]));
    }
  });
});
