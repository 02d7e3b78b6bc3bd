// Hostile input on every account action: 10,000 random bodies each, never a 5xx, never a stack trace.
import type { ActionFunctionArgs } from '@remix-run/node';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { getHoneypot } from '../../app/.server/platform/security';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { action as forgotPassword } from '../../app/routes/auth.forgot-password';
import { action as login } from '../../app/routes/auth.login';
import { action as logout } from '../../app/routes/auth.logout';
import { action as register } from '../../app/routes/auth.register';
import { action as resetPassword } from '../../app/routes/auth.reset-password';
import { action as verifyEmail } from '../../app/routes/auth.verify-email';
import { action as profile } from '../../app/routes/organizer.profile/route';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';
import { visitorWithCookie } from '../support/signed-in';

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

const ACTIONS: [string, Action, string[]][] = [
  ['/auth/login', login as Action, ['email', 'password', 'redirect']],
  ['/auth/register', register as Action, ['displayName', 'email', 'password', 'redirect']],
  ['/auth/forgot-password', forgotPassword as Action, ['email']],
  ['/auth/reset-password', resetPassword as Action, ['token', 'password', 'confirmation']],
  ['/auth/verify-email', verifyEmail as Action, []],
  [
    '/organizer/profile',
    profile as Action,
    ['intent', 'displayName', 'currentPassword', 'newPassword', 'confirmation', 'deletePassword', 'confirm'],
  ],
  ['/auth/logout', logout as Action, []],
];

const RUNS = 10_000;
let csrf: { token: string; cookie: string };

beforeAll(async () => {
  await prepareStore(getServices());
  csrf = await visitorWithCookie();
});

/** Values as a hostile client sends them: anything, including near-valid ones (emails, intents, long text). */
const value = fc.oneof(
  { weight: 10, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 300 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'profile',
      'password',
      'resend',
      'sessions',
      'delete',
      'oui',
      '<script>',
      '../../etc/passwd',
      "' OR 1=1 --",
    ),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 1000, maxLength: 5000 }) },
  { weight: 1, arbitrary: fc.emailAddress().map((e) => e.slice(0, 254)) },
);

function body(fields: string[]) {
  const known = fields.length ? fc.dictionary(fc.constantFrom(...fields), value) : fc.constant({});
  return fc.record({
    known,
    extra: fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 3 }),
    csrf: fc.oneof(
      { weight: 8, arbitrary: fc.constant('valid') },
      { weight: 1, arbitrary: fc.constantFrom('missing', 'wrong') },
    ),
    honeypot: fc.oneof({ weight: 8, arbitrary: fc.constant('empty') }, { weight: 1, arbitrary: fc.constant('filled') }),
    ip: fc.ipV4(),
  });
}

describe('actions de compte sous entrées hostiles', () => {
  for (const [path, action, fields] of ACTIONS) {
    it(`${path} : ${RUNS} corps aléatoires, aucune erreur 5xx ni trace de pile`, async () => {
      await fc.assert(
        fc.asyncProperty(body(fields), async (sample) => {
          const form = new URLSearchParams();
          for (const [k, v] of Object.entries({ ...sample.extra, ...sample.known })) form.append(k, String(v));
          if (sample.csrf === 'valid') form.set('csrf', csrf.token);
          if (sample.csrf === 'wrong') form.set('csrf', 'x'.repeat(43));
          const honeypot = getHoneypot(getServices()).getInputProps();
          form.set(honeypot.nameFieldName, sample.honeypot === 'filled' ? 'https://spam.example' : '');
          if (honeypot.validFromFieldName) form.set(honeypot.validFromFieldName, honeypot.encryptedValidFrom);
          const request = new Request(`http://localhost${path}`, {
            method: 'POST',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Origin: 'http://localhost',
              Cookie: sample.csrf === 'missing' ? '' : csrf.cookie,
            },
            body: form,
          });
          // Thrown Responses and data() are answers (redirects, 403, 429); anything else thrown fails the test.
          const { status, data, response } = await routeAnswer(() =>
            action({ request, context: loadContext(sample.ip), params: {} }),
          );
          expect(status).toBeLessThan(500);
          const text = response ? await response.text() : JSON.stringify(data);
          expect(text).not.toMatch(/\n\s+at |Error:|SqliteError|node_modules/);
        }),
        { numRuns: RUNS },
      );
    }, 240_000);
  }
});
