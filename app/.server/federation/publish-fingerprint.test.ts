// What makes followers hear of an event again (publicFingerprint): its names given are news, their absence is not.
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../tests/support/factories';
import { publicFingerprint } from './publish';

describe('l’empreinte publique d’un événement', () => {
  it('change quand ses artistes ou intervenants changent ; sans nom, elle reste celle d’avant le champ (issue 52)', () => {
    const { performers: _none, ...before } = makeEvent({ id: 'ev-1' }, { now: new Date('2030-03-01T10:00:00Z') });
    // This event's fingerprint as the site computed it before the field existed: unchanged, no event is sent again
    // to the followers for the upgrade alone.
    expect(publicFingerprint(before)).toBe('7KENPSxeR2aQfgNM_riVCk');
    expect(publicFingerprint({ ...before, performers: [] })).toBe('7KENPSxeR2aQfgNM_riVCk');
    const named = publicFingerprint({ ...before, performers: ['Sophie Hunger'] });
    expect(named).not.toBe('7KENPSxeR2aQfgNM_riVCk');
    expect(publicFingerprint({ ...before, performers: ['Sophie Hunger', 'Stephan Eicher'] })).not.toBe(named);
  });
});
