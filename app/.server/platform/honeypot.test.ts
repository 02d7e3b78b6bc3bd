import { describe, expect, it } from 'vitest';
import { Honeypot, SpamError } from './honeypot';

describe('pot de miel (node:crypto)', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(fields)) data.set(k, v);
    return data;
  };
  const spam = (check: () => void) => {
    try {
      check();
      return null;
    } catch (error) {
      return error instanceof SpamError ? 'spam' : error;
    }
  };

  it('le pot de miel accepte un formulaire montré, refuse un horodatage modifié, futur ou d’une autre clé', () => {
    const honeypot = new Honeypot({
      seed: 'une graine de test assez longue',
      validFromFieldName: 'from',
    });
    const props = honeypot.getInputProps();
    const name = props.nameFieldName;
    expect(spam(() => honeypot.check(form({ [name]: '', from: props.encryptedValidFrom })))).toBeNull();
    expect(spam(() => honeypot.check(form({ [name]: 'https://spam.example', from: props.encryptedValidFrom })))).toBe(
      'spam',
    );
    const altered = `${props.encryptedValidFrom.slice(0, -2)}${props.encryptedValidFrom.endsWith('A') ? 'BB' : 'AA'}`;
    expect(spam(() => honeypot.check(form({ [name]: '', from: altered })))).toBe('spam');
    const future = honeypot.getInputProps({ validFromTimestamp: Date.now() + 60_000 });
    expect(spam(() => honeypot.check(form({ [name]: '', from: future.encryptedValidFrom })))).toBe('spam');
    const other = new Honeypot({ seed: 'une autre graine, un autre site', validFromFieldName: 'from' });
    expect(spam(() => other.check(form({ [name]: '', from: props.encryptedValidFrom })))).toBe('spam');
  });

  it('un formulaire sans les champs du pot de miel (un robot qui les omet) est refusé comme un pot rempli', () => {
    const honeypot = new Honeypot({
      seed: 'une graine de test assez longue',
      validFromFieldName: 'from',
    });
    const props = honeypot.getInputProps();
    expect(spam(() => honeypot.check(form({ message: 'Achetez !' })))).toBe('spam');
    expect(spam(() => honeypot.check(form({ [props.nameFieldName]: '' })))).toBe('spam');
    expect(spam(() => honeypot.check(form({ from: props.encryptedValidFrom })))).toBe('spam');
  });
});
