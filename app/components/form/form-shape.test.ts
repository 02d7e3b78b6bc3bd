// The shapes a page renders its forms with (constraints, fields' order) are read from the schemas when the app is built
// (scripts/form-shape-plugin.ts, issue 50): the same as conform reads from the schema the server parses with.
import { getZodConstraint } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from '~/domain/auth';
import loginShape from '~/domain/auth?schema=loginSchema&form-shape';
import registerShape from '~/domain/auth?schema=registerSchema&form-shape';
import { checkoutSchema } from '~/domain/donation';
import checkoutShape from '~/domain/donation?schema=checkoutSchema&form-shape';
import { eventFormSchema } from '~/domain/event-form';
import eventShape from '~/domain/event-form?schema=eventFormSchema&form-shape';
import { fieldOrder, formShape } from './form-shape';

describe('la forme d’un formulaire, lue dans son schéma à la construction', () => {
  it('les contraintes et l’ordre des champs sont ceux du schéma du serveur', () => {
    expect(loginShape).toEqual({ constraint: getZodConstraint(loginSchema), order: fieldOrder(loginSchema) });
    expect(registerShape).toEqual(formShape(registerSchema));
    expect(registerShape.constraint.password).toMatchObject({ required: true });
    expect(registerShape.order).toEqual(['displayName', 'email', 'password']);
    // The event form's schema is made on demand: read without its time-dependent rules, which give no constraint.
    expect(eventShape).toEqual(formShape(eventFormSchema()));
    expect(eventShape.constraint.title).toMatchObject({ required: true });
  });

  it('un schéma transformé en entier (le paiement du don) donne les contraintes de ses champs', () => {
    expect(() => getZodConstraint(checkoutSchema)).toThrow('Unsupported schema');
    expect(checkoutShape.constraint.nomPublic).toMatchObject({ maxLength: 60 });
    expect(checkoutShape.order).toEqual(['montant', 'public', 'nomPublic']);
  });
});
