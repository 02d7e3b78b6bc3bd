// What our Event looks like to each reader (decision 088), checked against what their code reads: Mastodon (a
// converted object: name, summary and url make the post; an image's description from `summary`), Gancio (`name`,
// `startTime`, `location.address` as text that it trims, `attachment[0].url`, `tag[].name` with its #) and Mobilizon
// (`ical:status`, `timezone`, `to` with Public, a PostalAddress, the picture named « Banner »).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeEvent, makeSaturdayMarket } from '../../../tests/support/factories';
import { eventActivity, eventObject, readableSummary } from './event-object';
import { readRemoteEvent } from './remote-event';

const SITE = 'https://agenda.exemple';
const NOW = new Date('2030-03-01T10:00:00Z');
const ctx = {
  siteUrl: SITE,
  actorUri: `${SITE}/federation/acteurs/agenda`,
  followersUri: `${SITE}/federation/acteurs/agenda/abonnes`,
  now: NOW,
};
const concert = makeEvent(
  {
    id: 'ev-1',
    status: 'approved',
    title: 'Concert de l’Avent',
    description: 'Chœur et orgue.\n\nEntrée libre.',
    category: 'musique',
    startsAt: '2030-12-07T19:00:00.000Z',
    endsAt: '2030-12-07T21:00:00.000Z',
    venueName: 'Temple de Nyon',
    street: 'Rue du Temple 1',
    postalCode: '1260',
    city: 'Nyon',
    canton: 'VD',
    lat: 46.38,
    lng: 6.24,
    image: { path: 'events/abc', width: 1600, height: 900, alt: 'Le chœur devant l’orgue' },
  },
  { now: NOW },
);

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../../tests/fixtures/federation', name), 'utf8'));

describe('ce que lit Mastodon', () => {
  it('le nom, un résumé lisible (date, lieu) et le lien font le message ; l’image garde sa description', () => {
    const object = eventObject(concert, ctx);
    expect(object).toMatchObject({ type: 'Event', name: 'Concert de l’Avent', url: `${SITE}/evenement/ev-1` });
    expect(object.summary).toBe('Concert de l’Avent\nsamedi 7 décembre 2030, 20:00 – 22:00\nTemple de Nyon, Nyon');
    expect(object.attachment).toEqual([
      expect.objectContaining({
        type: 'Document',
        url: `${SITE}/uploads/events/abc-1600.webp`,
        summary: 'Le chœur devant l’orgue',
      }),
    ]);
    expect(String(object.content)).toContain(`<a href="${SITE}/evenement/ev-1">`);
  });

  it('les artistes et intervenants donnés sont un paragraphe du texte, après la description (issue 52)', () => {
    const content = String(eventObject({ ...concert, performers: ['Stephan Eicher', 'Sophie Hunger'] }, ctx).content);
    expect(content).toContain('<p>Entrée libre.</p><p>Artistes, intervenants\u00a0: Stephan Eicher, Sophie Hunger</p>');
    expect(String(eventObject(concert, ctx).content)).not.toContain('Artistes');
  });

  it('une série dit sa prochaine date et sa règle en mots', () => {
    const market = makeEvent(
      {
        status: 'approved',
        title: 'Marché',
        city: 'Vevey',
        venueName: 'Place du Marché',
        schedule: makeSaturdayMarket({ firstDate: '2030-02-23', until: '2030-06-29' }),
        startsAt: '2030-02-23T07:00:00.000Z',
        endsAt: '2030-06-29T10:00:00.000Z',
      },
      { now: NOW },
    );
    const summary = readableSummary(market, NOW);
    expect(summary).toContain('Prochaine date : samedi 2 mars 2030, 08:00 – 12:00');
    expect(summary).toMatch(/Chaque samedi/);
    expect(eventObject(market, ctx).startTime).toBe('2030-03-02T08:00:00+01:00');
  });
});

describe('ce que lit Gancio', () => {
  it('une adresse en une ligne qu’il peut couper, une image en première pièce jointe, des mots-clés avec leur #', () => {
    const object = eventObject(concert, { ...ctx, flavor: 'gancio' });
    const location = object.location as { name: string; address: unknown };
    expect(location.name).toBe('Temple de Nyon');
    expect(typeof location.address).toBe('string');
    expect((location.address as string).trim()).toBe('Rue du Temple 1, 1260 Nyon');
    expect((object.attachment as { url: string }[])[0].url).toBe(`${SITE}/uploads/events/abc-1600.webp`);
    expect((object.tag as { name: string }[]).map((t) => t.name)).toEqual(['#Musique', '#Nyon']);
    expect(object.startTime).toBe('2030-12-07T20:00:00+01:00');
    expect(object.endTime).toBe('2030-12-07T22:00:00+01:00');
  });

  it('ce que Gancio envoie se lit : lieu, adresse, heures, contenu', () => {
    const remote = readRemoteEvent(fixture('gancio-create.json').object, {
      category: 'musique',
      canton: 'VD',
      organizerName: 'Le Caveau',
    });
    if (typeof remote === 'string') throw new Error(remote);
    expect(remote.content).toMatchObject({
      venueName: 'Le Caveau',
      street: 'Rue des Moulins 5',
      postalCode: '1400',
      city: 'Yverdon-les-Bains',
      startsAt: '2030-12-12T20:30:00+01:00',
      openEnd: false,
    });
    expect(remote.cancelled).toBe(false);
  });
});

describe('ce que lit Mobilizon', () => {
  it('statut iCalendar, fuseau, langue, un PostalAddress, la bannière, le public dans « to »', () => {
    const cancelled = { ...concert, status: 'cancelled' as const };
    const object = eventObject(cancelled, ctx);
    expect(object).toMatchObject({ 'ical:status': 'CANCELLED', timezone: 'Europe/Zurich', inLanguage: 'fr' });
    expect(object.to).toContain('https://www.w3.org/ns/activitystreams#Public');
    expect((object.location as { address: unknown }).address).toMatchObject({
      type: 'PostalAddress',
      streetAddress: 'Rue du Temple 1',
      postalCode: '1260',
      addressLocality: 'Nyon',
      addressRegion: 'Vaud',
    });
    expect((object.attachment as { name: string }[])[0].name).toBe('Banner');
    expect(String(object.summary)).toMatch(/^Annulé\u00a0: /);
  });

  it('ce que Mobilizon envoie se lit, et une annulation aussi', () => {
    const object = fixture('mobilizon-create.json').object;
    const defaults = { category: 'ateliers-cours', canton: 'VD' as const, organizerName: 'Vélo solidaire' };
    const remote = readRemoteEvent(object, defaults);
    if (typeof remote === 'string') throw new Error(remote);
    expect(remote.content).toMatchObject({
      venueName: 'Maison de quartier de Chailly',
      street: 'Avenue de Chailly 40',
      city: 'Lausanne',
      lat: 46.5299,
      startsAt: '2030-12-14T10:00:00+01:00',
    });
    const cancelled = readRemoteEvent({ ...object, 'ical:status': 'CANCELLED' }, defaults);
    expect(typeof cancelled !== 'string' && cancelled.cancelled).toBe(true);
    expect(readRemoteEvent({ ...object, type: 'Note' }, defaults)).toMatch(/ignoré/);
  });
});

describe('les activités', () => {
  it('un Delete porte une pierre tombale, sans rien du contenu', () => {
    const activity = eventActivity('Delete', concert, { ...ctx, activityId: `${SITE}/a/1` });
    expect(activity.object).toEqual({
      id: `${SITE}/federation/evenements/ev-1`,
      type: 'Tombstone',
      formerType: 'Event',
      deleted: NOW.toISOString(),
    });
  });
});

describe('« Ça a lieu ? » dans l’objet envoyé (issue 51)', () => {
  it('le statut du jour et son heure en tête du résumé et du texte, la note avec', () => {
    const said = {
      ...concert,
      dayStatuses: [
        {
          startsAt: concert.startsAt,
          kind: 'confirmed' as const,
          note: 'Chauffage allumé',
          postponedTo: null,
          movedTo: '',
          saidAt: '2030-12-07T07:12:00.000Z',
          saidBy: 'orga',
        },
      ],
    };
    const at = new Date('2030-12-07T09:00:00.000Z');
    const object = eventObject(said, { ...ctx, now: at });
    expect(readableSummary(said, at).split('\n')[1]).toBe('Confirmé le sam. 7 déc. à\u00a008:12 — Chauffage allumé');
    expect(String(object.content)).toContain('Confirmé le sam. 7 déc. à\u00a008:12 — Chauffage allumé');
  });
});
