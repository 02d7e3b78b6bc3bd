// The framed agenda (/integrer) on both backends: only public events, a series once, French empty and error messages,
// a policy that lets other sites frame it and runs nothing but its height message, no cookie.
import { createHash } from 'node:crypto';
import type { AppLoadContext } from '@remix-run/node';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDaysToDate, formatDateTime, formatShortDate, zurichIso, zurichToday } from '../../app/domain/dates';
import type { AgendaEvent } from '../../app/domain/event';
import { weekdayOf } from '../../app/domain/schedule';
import { loader } from '../../app/routes/integrer';
import { makeEvent } from '../support/factories';
import { BACKENDS, storeForEachTest } from './backends';

const SITE = 'https://agenda.example';
const on = (n: number, overrides: Partial<AgendaEvent>) => {
  const day = addDaysToDate(zurichToday(), n);
  return makeEvent({ startsAt: zurichIso(day, '20:00'), endsAt: zurichIso(day, '22:00'), ...overrides });
};

describe.each(BACKENDS)('agenda à intégrer (iframe) : $name', (backend) => {
  const store = storeForEachTest(backend, { categories: true });
  beforeEach(async () => {
    await store.events.insertMany([
      on(2, { id: 'publie', title: 'Concert <public>', canton: 'VD', status: 'approved' }),
      on(3, { id: 'attente', title: 'Concert en attente', canton: 'VD', status: 'pending' }),
      on(4, { id: 'refuse', title: 'Concert refusé', canton: 'VD', status: 'rejected' }),
    ]);
  });

  async function frame(query: string) {
    const context = { services: { store, config: { SITE_URL: SITE } }, clientIp: '192.0.2.9' } as AppLoadContext;
    const response = await loader({ request: new Request(`${SITE}/integrer${query}`), params: {}, context });
    return { response, html: await response.text() };
  }

  it('« Ça a lieu ? » : « Confirmation le jour même » selon la météo, puis le statut dit et son heure (issue 51)', async () => {
    const meteo = on(5, {
      id: 'meteo',
      title: 'Pique-nique',
      canton: 'VD',
      status: 'approved',
      weatherDependent: true,
    });
    const dit = on(6, { id: 'dit', title: 'Marche', canton: 'VD', status: 'approved', weatherDependent: true });
    const saidAt = zurichIso(addDaysToDate(zurichToday(), -1), '08:12');
    dit.dayStatuses = [
      { startsAt: dit.startsAt, kind: 'confirmed', note: '', postponedTo: null, movedTo: '', saidAt, saidBy: 'orga' },
    ];
    await store.events.insertMany([meteo, dit]);
    // A query of its own: the list's read cache is keyed by the store's revision, the same in each fresh store.
    const { html } = await frame('?canton=vd&limite=9');
    expect(html).toContain('Pique-nique</a>');
    expect(html).toContain('<p>Confirmation le jour même</p>');
    // Its day written out (issue 70), not « hier » that a page kept open reads wrong.
    expect(html).toContain(`<p>Confirmé le ${formatShortDate(saidAt)} à\u00a008:12</p>`);
  });

  it('liste les seuls événements publics de la sélection, liés à leur page, et se laisse encadrer', async () => {
    const { response, html } = await frame('?categorie=musique&canton=vd&limite=5');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Security-Policy')).toContain('frame-ancestors *');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(response.headers.get('Set-Cookie')).toBeNull();
    expect(html).toContain(
      `<a href="${SITE}/evenement/publie" target="_blank" rel="noopener">Concert &lt;public&gt;</a>`,
    );
    expect(html).not.toContain('en attente');
    expect(html).not.toContain('refusé');
    // One script, allowed by its hash: it says the page's height to the host (decision 065), nothing else runs.
    const scripts = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(scripts[0]).toContain('parent.postMessage({type:"agenda-romand:hauteur"');
    const hash = `'sha256-${createHash('sha256').update(scripts[0]).digest('base64')}'`;
    expect(response.headers.get('Content-Security-Policy')).toContain(`script-src ${hash};`);
  });

  it('une exposition en cours dit jusqu’à quand, comme la liste du site, jamais son début passé (issue 52)', async () => {
    const from = addDaysToDate(zurichToday(), -10);
    const to = addDaysToDate(zurichToday(), 90);
    const open = { open: '10:00', close: '18:00' };
    await store.events.insertMany([
      makeEvent({
        id: 'expo',
        title: 'Exposition Horlogers',
        canton: 'NE',
        status: 'approved',
        schedule: {
          kind: 'period',
          from,
          to,
          hours: { MO: open, TU: open, WE: open, TH: open, FR: open, SA: open, SU: open },
          closed: [],
        },
        startsAt: zurichIso(from, '10:00'),
        endsAt: zurichIso(to, '18:00'),
      }),
    ]);
    const { html } = await frame('?canton=ne');
    expect(html).toContain(`Jusqu’au ${formatShortDate(zurichIso(to, '18:00'))}`);
    expect(html).not.toContain(formatDateTime(zurichIso(from, '10:00')));
  });

  it('une série est une ligne, avec sa règle en mots (décision 065)', async () => {
    const first = addDaysToDate(zurichToday(), 3);
    await store.events.insertMany([
      on(3, {
        id: 'serie',
        title: 'Marché du jeudi',
        canton: 'VD',
        status: 'approved',
        schedule: {
          kind: 'rule',
          firstDate: first,
          start: '08:00',
          end: '12:00',
          freq: 'weekly',
          interval: 1,
          byDay: [weekdayOf(first)],
          monthly: null,
          until: '',
          count: 4,
          exclude: [],
        },
        startsAt: zurichIso(first, '08:00'),
        endsAt: zurichIso(addDaysToDate(first, 21), '12:00'),
      }),
    ]);
    const { html } = await frame('?canton=vd&limite=10');
    expect(html.match(/Marché du jeudi/g)).toHaveLength(1);
    expect(html).toMatch(/<p>Chaque \S+ · 08:00 · 4 dates<\/p>/);
  });

  it('dit en français qu’il n’y a rien, ou que le filtre est inconnu', async () => {
    expect((await frame('?categorie=musique&canton=GE')).html).toContain(
      'Aucun événement à venir pour cette sélection.',
    );
    const unknown = await frame('?categorie=inconnue');
    expect(unknown.response.status).toBe(400);
    expect(unknown.html).toContain('Valeur inconnue pour « categorie » : « inconnue ».');
  });
});
