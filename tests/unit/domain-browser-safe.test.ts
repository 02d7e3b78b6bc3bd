// app/domain/ is shared with the browser (decision 079): its modules import nothing that only the server runs (Node's
// modules, the server's code, the recurrence library and its Temporal polyfill), so that no page's JavaScript carries
// them and no server-only code sits among the shared rules.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DOMAIN = path.resolve(__dirname, '../../app/domain');
const SERVER_ONLY = [/^node:/, /\.server\//, /^rrule-temporal/, /^temporal-polyfill/, /^@js-temporal\//, /^node-ical/];

const modules = fs
  .readdirSync(DOMAIN)
  .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
  .map((name) => ({ name, source: fs.readFileSync(path.join(DOMAIN, name), 'utf8') }));

describe('les règles partagées avec le navigateur (app/domain)', () => {
  it('aucun module n’importe ce que seul le serveur exécute', () => {
    expect(modules.length).toBeGreaterThan(40);
    const serverOnly = modules.flatMap(({ name, source }) =>
      [...source.matchAll(/\bfrom '([^']+)'|\bimport\('([^']+)'\)/g)]
        .map((match) => match[1] ?? match[2])
        .filter((specifier) => SERVER_ONLY.some((pattern) => pattern.test(specifier)))
        .map((specifier) => `${name} → ${specifier}`),
    );
    expect(serverOnly).toEqual([]);
  });

  it('aucun module ne se dit réservé au serveur', () => {
    const saying = modules.filter(({ source }) => /server side only|server-only|côté serveur seulement/i.test(source));
    expect(saying.map(({ name }) => name)).toEqual([]);
  });
});
