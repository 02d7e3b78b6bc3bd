// Firebase Hosting sends the site's dynamic paths to Cloud Run through the rewrites of firebase.json, matched as its
// emulator matches them (superstatic's configMatcher, a minimatch glob without `dot`): `**` never matches a segment
// that starts with a dot. The fediverse finds an account by `/.well-known/webfinger` and a server by
// `/.well-known/nodeinfo` (decision 087): without a rewrite of their own they would end at Hosting's 404.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { configMatcher } = require('superstatic/lib/utils/patterns.js') as {
  configMatcher(path: string, config: { source: string }): boolean;
};
const firebase = JSON.parse(fs.readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'));
const rewrites: { source: string; run?: { serviceId: string } }[] = firebase.hosting.rewrites;
/** The Cloud Run service the first matching rewrite sends the path to, as Hosting picks it. */
const serviceFor = (path: string) => rewrites.find((r) => configMatcher(path, r))?.run?.serviceId ?? null;

describe('Firebase Hosting : les adresses de la fédération vont au site', () => {
  it.each([
    '/.well-known/webfinger',
    '/.well-known/nodeinfo',
    '/nodeinfo/2.1',
    '/federation/acteurs/agenda',
    '/federation/acteurs/agenda/boite',
    '/federation/boite',
    '/federation/evenements/abc',
    '/evenements',
    '/',
  ])('%s est réécrite vers le service Cloud Run', (path) => {
    expect(serviceFor(path)).toBe('agenda-romand');
  });
});
