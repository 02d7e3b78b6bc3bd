// A refused form is answered with conform's reply (decision 078), which the page's form reads as its last result with or
// without JavaScript: the messages by field (the whole form's under the empty name), the input kept, never a password.
import type { ActionFunctionArgs } from '@remix-run/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { getHoneypot } from '../../app/.server/platform/security';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { LOGIN_FAILED } from '../../app/domain/auth';
import { action as login } from '../../app/routes/auth.login';
import { action as register } from '../../app/routes/auth.register';
import { action as contact } from '../../app/routes/contact';
import { loadContext } from '../support/load-context';
import { routeAnswer } from '../support/route-answer';
import { visitorWithCookie } from '../support/signed-in';

type Action = (args: ActionFunctionArgs) => Promise<unknown>;
let csrf: { token: string; cookie: string };

beforeAll(async () => {
  await prepareStore(getServices());
  csrf = await visitorWithCookie();
});

/** A form posted as the page sends it (CSRF token, empty honeypot), from its own address. */
async function send(action: Action, path: string, fields: Record<string, string>, ip: string) {
  const form = new URLSearchParams(fields);
  form.set('csrf', csrf.token);
  const honeypot = getHoneypot(getServices()).getInputProps();
  form.set(honeypot.nameFieldName, '');
  if (honeypot.validFromFieldName) form.set(honeypot.validFromFieldName, honeypot.encryptedValidFrom);
  const request = new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost', Cookie: csrf.cookie },
    body: form,
  });
  return routeAnswer(() => action({ request, context: loadContext(ip), params: {} }));
}

describe('la réponse d’un formulaire refusé est celle de conform', () => {
  it('contact : chaque message à côté de son champ, la saisie gardée telle quelle', async () => {
    const typed = { name: 'A', email: 'pas-une-adresse', subject: 'Une question', message: 'Court' };
    const { status, data } = await send(contact as Action, '/contact', typed, '203.0.113.10');
    expect(status).toBe(400);
    expect(data).toMatchObject({
      status: 'error',
      error: {
        name: ['Votre nom doit compter au moins 2\u00a0caractères.'],
        email: ['Cette adresse email n’est pas valide (exemple\u00a0: prenom@exemple.ch).'],
        message: ['Votre message doit compter au moins 10\u00a0caractères.'],
      },
      initialValue: typed,
    });
    expect((data as { fields: string[] }).fields).toEqual(expect.arrayContaining(Object.keys(typed)));
  });

  it('connexion refusée : le message du formulaire en tête, l’adresse gardée, jamais le mot de passe', async () => {
    const password = 'Un-mot-de-passe-qui-ne-revient-pas';
    const { status, data } = await send(
      login as Action,
      '/auth/login',
      { email: 'personne@exemple.ch', password },
      '203.0.113.11',
    );
    expect(status).toBe(400);
    expect(data).toMatchObject({
      status: 'error',
      error: { '': [LOGIN_FAILED] },
      initialValue: { email: 'personne@exemple.ch' },
    });
    expect(JSON.stringify(data)).not.toContain(password);
  });

  it('inscription refusée par le schéma : le nom et l’adresse gardés, le mot de passe jamais renvoyé', async () => {
    const password = 'court';
    const { status, data } = await send(
      register as Action,
      '/auth/register',
      { displayName: 'Théâtre du Jorat', email: 'jorat@exemple.ch', password },
      '203.0.113.12',
    );
    expect(status).toBe(400);
    expect(data).toMatchObject({
      status: 'error',
      error: { password: [expect.any(String)] },
      initialValue: { displayName: 'Théâtre du Jorat', email: 'jorat@exemple.ch' },
    });
    expect((data as { initialValue: Record<string, unknown> }).initialValue.password).toBeUndefined();
  });
});
