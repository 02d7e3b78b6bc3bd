// Issue 70, decision 161: a postcode of several localities offers them, it never picks one.
import { describe, expect, it } from 'vitest';
import { localitiesOfPostalCode } from '~/domain/localities';
import { postalCodeChoice } from './town-of-postal-code';

describe('le NPA tapé avant la localité', () => {
  it('« 1040 » propose Echallens, Villars-le-Terroir et Saint-Barthélemy, sans en remplir une', () => {
    const choice = postalCodeChoice(localitiesOfPostalCode('1040'));
    expect(choice).not.toHaveProperty('fill');
    expect(choice).toEqual({
      choices: expect.arrayContaining(['Echallens', 'Villars-le-Terroir', 'Saint-Barthélemy']),
    });
  });

  it('« 1004 » remplit Lausanne, la seule ; un NPA inconnu rien', () => {
    expect(postalCodeChoice(localitiesOfPostalCode('1004'))).toEqual({ fill: 'Lausanne' });
    expect(postalCodeChoice(localitiesOfPostalCode('0000'))).toBeNull();
  });
});
