// The form mechanism (decision 040) takes each field's constraints from its zod schema. conform reads them from zod's
// internals: zod 4.6 stopped filling them (maxLength, minLength, patterns gone), which left every form without its
// limits in the page; zod stays on the newest release conform reads (docs/decisions/070-node-24-lts.md).
import { getZodConstraint } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { contactSchema } from '~/domain/contact';
import { partnerFormSchema } from '~/domain/partner-form';

describe('contraintes des formulaires tirées des schémas', () => {
  it('longueurs, champs obligatoires et valeurs permises passent du schéma à la page', () => {
    expect(getZodConstraint(partnerFormSchema)).toMatchObject({
      name: { required: true, minLength: 1, maxLength: 120 },
      kind: { required: true, pattern: 'partenaire|donateur' },
      description: { required: false, maxLength: 2000 },
    });
    const contact = getZodConstraint(contactSchema) as Record<string, { required?: boolean; maxLength?: number }>;
    expect(Object.values(contact).every((field) => field.required === true)).toBe(true);
    expect(Object.values(contact).some((field) => typeof field.maxLength === 'number')).toBe(true);
  });
});
