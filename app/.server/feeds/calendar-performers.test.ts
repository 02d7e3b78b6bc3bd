// « Artistes, intervenants » in a calendar file (issue 52): a line of the DESCRIPTION after the text, before the link.
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../tests/support/factories';
import { buildICalendar } from './calendar';

const SITE = 'https://agenda-romand.test';
const NOW = new Date('2026-11-21T09:00:00Z');

describe('les artistes et intervenants dans un fichier .ics', () => {
  it('suivent la description, avant le lien ; sans nom, rien', () => {
    const named = { ...makeEvent({ performers: ['Stephan Eicher', 'Sophie Hunger'] }, { now: NOW }), id: 'nomme' };
    const none = { ...makeEvent({}, { now: NOW }), id: 'sans-nom' };
    const ics = buildICalendar([named, none], { siteUrl: SITE, name: 'Test' });
    const descriptions = new Map(
      Object.values(ical.sync.parseICS(ics))
        .filter((c): c is VEvent => c?.type === 'VEVENT')
        .map((v) => [v.uid.split('@')[0], String(v.description)]),
    );
    expect(descriptions.get('nomme')).toBe(
      `${named.description}\n\nArtistes, intervenants\u00a0: Stephan Eicher, Sophie Hunger\n\n${SITE}/evenement/nomme`,
    );
    expect(descriptions.get('sans-nom')).toBe(`${none.description}\n\n${SITE}/evenement/sans-nom`);
  });
});
