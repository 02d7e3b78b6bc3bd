// Import from a link: what an organizer finds prefilled from a page's schema.org Event (JSON-LD, microdata), and the
// French refusals; the page is served by a local server through the safe fetcher (loopback allowed for the test).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch } from '../platform/safe-fetch';
import { readEventPage } from './event-page';
import { formValuesOf, IMPORT_MESSAGES, importFromLink } from './import-from-link';

const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

const DEPTH = 5000;
const DEEP_HTML = (text: string) => `${'<div><span>'.repeat(DEPTH)}${text}${'</span></div>'.repeat(DEPTH)}`;
/** Pages that nest 5,000 levels deep: arrays, @graph, objects in JSON-LD; elements and itemscopes in HTML. */
const DEEP_PAGES = [
  page(`<script type="application/ld+json">${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}</script>`),
  page(`<script type="application/ld+json">${'{"@graph":'.repeat(DEPTH)}{}${'}'.repeat(DEPTH)}</script>`),
  page('', DEEP_HTML('rien')),
  page(
    '',
    `<div itemscope itemtype="https://schema.org/Thing">${'<div itemprop="location" itemscope>'.repeat(DEPTH)}x${'</div>'.repeat(DEPTH)}</div>`,
  ),
];

const CONCERT = {
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'WebSite', name: 'Salle' },
    {
      '@type': ['MusicEvent'],
      name: 'Quatuor &amp; voix',
      description: '<p>Un concert <b>exceptionnel</b> au bord du lac.</p><p>Entrée libre pour les enfants.</p>',
      startDate: '2027-03-12T19:30:00+01:00',
      endDate: '2027-03-12T22:00:00+01:00',
      location: {
        '@type': 'Place',
        name: 'Salle del Castillo',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Rue du Théâtre 1',
          postalCode: '1800',
          addressLocality: 'Vevey',
        },
      },
      offers: [
        { '@type': 'Offer', price: '35.00', priceCurrency: 'CHF', url: '/billets' },
        { '@type': 'Offer', price: 25, priceCurrency: 'CHF' },
      ],
      image: [{ '@type': 'ImageObject', url: 'https://exemple.ch/affiche.jpg' }],
    },
  ],
};

describe('lecture d’une page d’événement', () => {
  it('lit un Event JSON-LD dans un @graph et préremplit le formulaire (heure de Zurich, prix en CHF, canton)', () => {
    const event = readEventPage(page(jsonLd(CONCERT)), 'https://salle.ch/agenda/quatuor');
    expect(event?.imageUrl).toBe('https://exemple.ch/affiche.jpg');
    expect(formValuesOf(event ?? ({} as never))).toMatchObject({
      title: 'Quatuor & voix',
      description: 'Un concert exceptionnel au bord du lac.\n\nEntrée libre pour les enfants.',
      startDate: '2027-03-12',
      startTime: '19:30',
      endTime: '22:00',
      venueName: 'Salle del Castillo',
      street: 'Rue du Théâtre 1',
      postalCode: '1800',
      city: 'Vevey',
      canton: 'VD',
      priceMin: '25',
      ticketUrl: 'https://salle.ch/billets',
      websiteUrl: 'https://salle.ch/agenda/quatuor',
      category: 'musique',
    });
  });

  it('ne reprend que des liens du web : ni javascript: ni data:, et un Event sans type précis ne dit pas de catégorie', () => {
    const hostile = {
      '@type': 'Event',
      name: 'Soirée piégée',
      startDate: '2027-03-12T19:30:00+01:00',
      url: 'javascript:alert(3)',
      image: 'data:image/png;base64,AAAA',
      offers: { '@type': 'Offer', price: 10, priceCurrency: 'CHF', url: 'JavaScript:alert(4)' },
    };
    const event = readEventPage(page(jsonLd(hostile)), 'https://salle.ch/soiree');
    expect(event?.imageUrl).toBe('');
    const values = formValuesOf(event ?? ({} as never));
    expect(values.websiteUrl).toBe('https://salle.ch/soiree');
    expect(values.ticketUrl).toBeUndefined();
    expect(values.category).toBeUndefined();
  });

  it('convertit une heure UTC en heure de Zurich, et une date seule en journée entière', () => {
    const values = (start: string) =>
      formValuesOf(
        readEventPage(page(jsonLd([{ '@type': 'Festival', name: 'Fête', startDate: start }])), 'https://x.ch/') ??
          ({} as never),
      );
    expect(values('2027-07-01T16:00:00Z')).toMatchObject({ startDate: '2027-07-01', startTime: '18:00' });
    expect(values('2027-07-01')).toMatchObject({ startDate: '2027-07-01', allDay: 'on' });
  });

  it('lit des microdonnées simples', () => {
    const html = page(
      '',
      `<div itemscope itemtype="https://schema.org/TheaterEvent">
        <h1 itemprop="name">Le Misanthrope</h1>
        <time itemprop="startDate" datetime="2027-05-02T20:00:00+02:00">2 mai</time>
        <div itemprop="location" itemscope itemtype="https://schema.org/Place"><span itemprop="name">Théâtre du Passage</span>
          <div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
            <span itemprop="addressLocality">Neuchâtel</span></div></div>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="0"></div>
      </div>`,
    );
    expect(formValuesOf(readEventPage(html, 'https://passage.ch/') ?? ({} as never))).toMatchObject({
      title: 'Le Misanthrope',
      startDate: '2027-05-02',
      startTime: '20:00',
      venueName: 'Théâtre du Passage',
      city: 'Neuchâtel',
      canton: 'NE',
      isFree: 'on',
    });
  });

  it('lit un Event au fond d’un document imbriqué, et rien sans erreur dans 5 000 niveaux de [[[…]]], de @graph ou de balises', () => {
    // Twenty levels of @graph and arrays around the event: read as any other.
    let nested: unknown = { '@type': 'Event', name: 'Bal au fond du graphe', startDate: '2027-06-01' };
    for (let i = 0; i < 20; i++) nested = i % 2 ? [nested] : { '@graph': nested };
    expect(readEventPage(page(jsonLd(nested)), 'https://x.ch/')?.name).toBe('Bal au fond du graphe');
    // What a hostile page sends (10 KB each): no event, and no RangeError (Maximum call stack size exceeded).
    for (const html of DEEP_PAGES) expect(readEventPage(html, 'https://x.ch/')).toBeNull();
    // An event whose description nests thousands of tags: read, its text kept.
    const deepText = {
      '@type': 'Event',
      name: 'Conte',
      startDate: '2027-06-01',
      description: DEEP_HTML('il était une fois'),
    };
    expect(readEventPage(page(jsonLd(deepText)), 'https://x.ch/')?.description).toBe('il était une fois');
  });

  it('ne trouve rien dans une page sans événement', () => {
    expect(readEventPage(page('<title>Accueil</title>', '<p>Bienvenue</p>'), 'https://x.ch/')).toBeNull();
  });
});

describe('import depuis un lien', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/concert')
        return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(jsonLd(CONCERT)));
      if (req.url?.startsWith('/profond/'))
        return res.writeHead(200, { 'content-type': 'text/html' }).end(DEEP_PAGES[Number(req.url.slice(9))]);
      if (req.url === '/vide')
        return res.writeHead(200, { 'content-type': 'text/html' }).end(page('<title>Rien</title>'));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const fetchText = createSafeFetch({ allowLoopback: true });

  it('rend les valeurs de la page lue par le lecteur sûr', async () => {
    const outcome = await importFromLink(fetchText, `  ${base}/concert `);
    expect(outcome.ok && outcome.values.title).toBe('Quatuor & voix');
  });

  it('dit en français pourquoi rien n’est importé', async () => {
    expect(await importFromLink(fetchText, `${base}/vide`)).toEqual({ ok: false, message: IMPORT_MESSAGES.noEvent });
    expect(await importFromLink(fetchText, `${base}/absente`)).toEqual({
      ok: false,
      message: 'Le site a répondu HTTP 404 (page introuvable).',
    });
    expect(await importFromLink(createSafeFetch({ allowLoopback: false }), `${base}/concert`)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Cette adresse n’est pas publique/),
    });
    expect(await importFromLink(fetchText, '')).toEqual({ ok: false, message: IMPORT_MESSAGES.urlRequired });
  });

  it('une page imbriquée sur 5 000 niveaux reçoit le refus habituel en français, pas une erreur', async () => {
    for (const [i] of DEEP_PAGES.entries()) {
      expect(await importFromLink(fetchText, `${base}/profond/${i}`)).toEqual({
        ok: false,
        message: IMPORT_MESSAGES.noEvent,
      });
    }
  });
});
