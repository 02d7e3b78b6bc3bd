// Hostile input on every validator (issue 10): 10,000 random inputs each. None throws, every refusal is a French
// message (never a default English one from zod), and what is accepted respects the rules it promises.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from '~/domain/auth';
import { categoryCreateSchema, categoryEditSchema, contrastWithWhite } from '~/domain/category-form';
import { contactSchema } from '~/domain/contact';
import { amountSchema, checkoutSchema, DONATION_MAX, DONATION_MIN, parseAmountParam } from '~/domain/donation';
import { parseEventFilters } from '~/domain/event-filters';
import { EVENT_FLAG_FIELDS, EVENT_TEXT_FIELDS, validateEventForm } from '~/domain/event-form';
import { validatePartnerForm } from '~/domain/partner-form';
import { cleanSearchText, SEARCH_FORBIDDEN, SEARCH_TOO_LONG, validateSearchText } from '~/domain/search-text';

const RUNS = 10_000;
const ENGLISH = /^(Required|Expected|Invalid|String must|Number must|Array must|Unrecognized|Too (small|big))/;

/** Values as a hostile or careless client sends them: anything, near-valid ones, long ones, odd Unicode. */
const value = fc.oneof(
  { weight: 6, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '',
      '   ',
      'on',
      '1',
      'true',
      'oui',
      '25',
      "1'000",
      '25,50',
      '-3',
      '1e9',
      'NaN',
      '2027-02-30',
      '2020-01-01',
      '2031-12-31',
      '24:61',
      '19:30',
      '#c8102e',
      '#FFFFFF',
      'javascript:alert(1)',
      'https://exemple.ch/billets',
      'http://localhost',
      '../../etc/passwd',
      "' OR 1=1 --",
      '<script>alert(1)</script>',
      'musique',
      'VD',
      'partenaire',
      'donateur',
      '1003',
      'Lausanne',
    ),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 100, maxLength: 600 }) },
  // Past every limit of the forms (description 5,000, message 5,000, search 500…).
  { weight: 1, arbitrary: fc.constantFrom('é'.repeat(5001), 'a'.repeat(20_000), `${'mot '.repeat(1300)}`) },
  { weight: 2, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true }) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
);

/**
 * fc.assert over RUNS inputs, in chunks with a pause between them: a long synchronous run would starve the test
 * runner's own messages. Each chunk has its own seed, printed by fast-check on failure.
 */
async function assertRuns<T>(arbitrary: fc.Arbitrary<T>, check: (input: T) => void) {
  const chunk = 1000;
  for (let done = 0; done < RUNS; done += chunk) {
    fc.assert(fc.property(arbitrary, check), { numRuns: chunk });
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const form = (fields: readonly string[]) =>
  fc.record(Object.fromEntries(fields.map((f) => [f, value])) as Record<string, typeof value>, {
    requiredKeys: [],
  });

function messagesOf(errors: Record<string, string | undefined>): string[] {
  return Object.values(errors).filter((m): m is string => typeof m === 'string');
}

function expectFrench(messages: string[]) {
  expect(messages.length).toBeGreaterThan(0);
  for (const message of messages) {
    expect(message.trim().length).toBeGreaterThan(5);
    expect(message).not.toMatch(ENGLISH);
  }
}

function checkSchema<S extends z.ZodTypeAny>(
  schema: S,
  fields: readonly string[],
  accepted: (data: z.infer<S>) => void,
) {
  return assertRuns(form(fields), (input) => {
    const parsed = schema.safeParse(input);
    if (parsed.success) accepted(parsed.data);
    else expectFrench(parsed.error.issues.map((i) => i.message));
  });
}

const codePoints = (s: string) => [...s].length;

// 10,000 runs of a whole form take a while on a busy 2-core machine.
const SLOW = 180_000;

describe('validateurs sous entrées hostiles (10 000 entrées chacun)', () => {
  it(
    'recherche (docs/specification.md §5) : texte nettoyé, jamais plus de 500 caractères, messages exacts',
    async () => {
      await assertRuns(fc.oneof(value, fc.constant(null), fc.constant(undefined)), (input) => {
        const result = validateSearchText(input);
        if (result.ok) {
          expect(result.value).not.toMatch(/[<>'"&]|\s{2}|^\s|\s$/);
          expect(result.value.length).toBeLessThanOrEqual(500);
          expect(cleanSearchText(input)).toBe(result.value);
        } else {
          expect([SEARCH_TOO_LONG, SEARCH_FORBIDDEN]).toContain(result.error);
          expect(cleanSearchText(input)).toBe('');
        }
      });
    },
    SLOW,
  );

  it(
    'filtres de la liste : toujours une sélection valide, page entre 1 et 10 000',
    async () => {
      const keys = ['q', 'category', 'canton', 'quand', 'du', 'au', 'gratuit', 'famille', 'accessible', 'page'];
      await assertRuns(form(keys), (input) => {
        const params = new URLSearchParams(input as Record<string, string>);
        const { filters, page } = parseEventFilters(params, ['musique', 'spectacles']);
        expect(['', 'musique', 'spectacles']).toContain(filters.category);
        expect(['', 'GE', 'VD', 'VS', 'NE', 'FR', 'JU', 'BE']).toContain(filters.canton);
        for (const d of [filters.from, filters.to]) expect(d === '' || /^\d{4}-\d\d-\d\d$/.test(d)).toBe(true);
        expect(Number.isInteger(page) && page >= 1 && page <= 10_000).toBe(true);
      });
    },
    SLOW,
  );

  it(
    'formulaire d’événement : refus en français par champ ; accepté = règles tenues',
    async () => {
      const fields = [...EVENT_TEXT_FIELDS, ...EVENT_FLAG_FIELDS];
      const now = new Date('2026-11-22T10:00:00Z');
      await assertRuns(form(fields), (input) => {
        const result = validateEventForm(input as Record<string, string>, now, ['musique']);
        if (!result.ok) return expectFrench(messagesOf(result.errors));
        const e = result.data;
        expect(codePoints(e.title)).toBeGreaterThanOrEqual(3);
        expect(codePoints(e.title)).toBeLessThanOrEqual(120);
        expect(e.category).toBe('musique');
        expect(e.postalCode).toMatch(/^\d{4}$/);
        for (const url of [e.ticketUrl, e.websiteUrl]) expect(url === '' || /^https?:\/\//.test(url)).toBe(true);
      });
    },
    SLOW,
  );

  it(
    'contact',
    async () => {
      await checkSchema(contactSchema, ['name', 'email', 'subject', 'message'], (c) => {
        expect(c.email).toMatch(/@/);
        expect(c.message.length).toBeGreaterThanOrEqual(10);
      });
    },
    SLOW,
  );

  it(
    'connexion, inscription, mot de passe oublié, nouveau mot de passe, profil, changement de mot de passe',
    async () => {
      await checkSchema(loginSchema, ['email', 'password'], (l) => expect(l.email).toBe(l.email.toLowerCase()));
      await checkSchema(registerSchema, ['displayName', 'email', 'password'], (r) => {
        expect(codePoints(r.password)).toBeGreaterThanOrEqual(8);
        expect(codePoints(r.password)).toBeLessThanOrEqual(128);
      });
      await checkSchema(forgotPasswordSchema, ['email'], (f) => expect(f.email).toMatch(/@/));
      await checkSchema(resetPasswordSchema, ['password', 'confirmation'], (r) =>
        expect(r.password).toBe(r.confirmation),
      );
      await checkSchema(profileSchema, ['displayName'], (p) =>
        expect(p.displayName.trim().length).toBeGreaterThanOrEqual(2),
      );
      await checkSchema(changePasswordSchema, ['currentPassword', 'newPassword', 'confirmation'], () => undefined);
    },
    SLOW,
  );

  it(
    'catégories (création et modification) : couleur lisible sur blanc',
    async () => {
      const fields = ['slug', 'label', 'description', 'color', 'active'];
      await checkSchema(categoryCreateSchema, fields, (c) => {
        expect(c.slug).toMatch(/^[a-z0-9-]+$/);
        expect(contrastWithWhite(c.color)).toBeGreaterThanOrEqual(4.5);
      });
      await checkSchema(categoryEditSchema, fields, (c) => expect(c.color).toMatch(/^#[0-9a-f]{6}$/));
    },
    SLOW,
  );

  it(
    'partenaires : adresse web http(s) ou rien',
    async () => {
      await assertRuns(form(['name', 'kind', 'description', 'websiteUrl', 'active']), (input) => {
        const result = validatePartnerForm(input as Record<string, string>);
        if (!result.ok) return expectFrench(messagesOf(result.errors));
        expect(['partenaire', 'donateur']).toContain(result.data.kind);
        expect(result.data.websiteUrl === '' || /^https?:\/\//.test(result.data.websiteUrl)).toBe(true);
      });
    },
    SLOW,
  );

  it(
    'dons : montant entre 5 et 10 000 CHF, deux décimales au plus, dans le formulaire comme dans l’URL',
    async () => {
      await checkSchema(checkoutSchema, ['montant', 'public', 'nomPublic'], (c) => {
        expect(c.amount).toBeGreaterThanOrEqual(DONATION_MIN);
        expect(c.amount).toBeLessThanOrEqual(DONATION_MAX);
        expect(Math.round(c.amount * 100)).toBeCloseTo(c.amount * 100, 6);
      });
      await assertRuns(value, (raw) => {
        const parsed = amountSchema.safeParse(raw);
        if (parsed.success) expect(parsed.data).toBeGreaterThanOrEqual(DONATION_MIN);
        else expectFrench(parsed.error.issues.map((i) => i.message));
        expect(() => parseAmountParam(raw)).not.toThrow();
      });
    },
    SLOW,
  );
});
