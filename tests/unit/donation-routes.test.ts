// The donation routes over HTTP-shaped requests, with Stripe configured to a local stand-in (no network): the
// card/TWINT form, the success page and the webhook, wired as the server runs them.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getHoneypot } from '../../app/.server/platform/security';
import { prepareStore } from '../../app/.server/server/startup';
import { getServices } from '../../app/.server/services';
import { loader as successLoader } from '../../app/routes/payment.success';
import { action as webhookAction, loader as webhookLoader } from '../../app/routes/payment.webhook';
import { action as supportAction, loader as supportLoader } from '../../app/routes/support-us/route';
import { loader as pdfLoader } from '../../app/routes/support-us.facture-qr[.pdf]';
import { loader as svgLoader } from '../../app/routes/support-us.facture-qr[.svg]';
import { storeUser } from '../support/factories';
import { loadContext } from '../support/load-context';
import { routeAnswer as answer } from '../support/route-answer';
import { signedIn, visitorWithCookie } from '../support/signed-in';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';

const SECRET_KEY = 'sk_test_routes';
const WEBHOOK_SECRET = 'whsec_test_routes';
const SITE = 'http://localhost';

let standIn: StripeStandIn;
let csrf: { token: string; cookie: string };
let ip = 0;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
  // Read once, on first use of the configuration: set before anything asks for it.
  process.env.STRIPE_SECRET_KEY = SECRET_KEY;
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = standIn.url;
  process.env.SEED_DEMO = 'false';
  process.env.SITE_URL = 'https://agenda.exemple.ch';
  await prepareStore(getServices());
  csrf = await visitorWithCookie(SITE);
});
afterAll(async () => {
  await standIn.close();
});

async function account(label: string) {
  const uid = `${label}-${Math.random().toString(36).slice(2, 8)}`;
  await storeUser(getServices().store, { uid, displayName: `Donatrice ${label}` });
  const visitor = await signedIn(uid, SITE);
  sessionTokens.set(visitor.cookie, visitor.csrf);
  return { uid, cookie: visitor.cookie };
}

const supported = async (uid: string) => (await getServices().store.users.findById(uid))?.supported;

/** The CSRF token of each signed-in visitor's session, by session cookie. */
const sessionTokens = new Map<string, string>();

function donationForm(fields: Record<string, string>, cookie = '') {
  const form = new URLSearchParams({ csrf: sessionTokens.get(cookie) ?? csrf.token, ...fields });
  const honeypot = getHoneypot(getServices()).getInputProps();
  form.set(honeypot.nameFieldName, '');
  if (honeypot.validFromFieldName) form.set(honeypot.validFromFieldName, honeypot.encryptedValidFrom);
  return new Request(`${SITE}/support-us?montant=${fields.montant ?? ''}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: SITE,
      // One `__session`: the account's, or else the visitor's.
      Cookie: cookie || csrf.cookie,
    },
    body: form,
  });
}

const post = (request: Request) =>
  answer(() => supportAction({ request, context: loadContext(`10.0.0.${++ip}`), params: {} }));

const success = (sessionId: string | null, cookie: string) =>
  answer(() =>
    successLoader({
      request: new Request(`${SITE}/payment/success${sessionId == null ? '' : `?session_id=${sessionId}`}`, {
        headers: { Cookie: cookie },
      }),
      context: loadContext(),
      params: {},
    }),
  );

function webhook(payload: string, signature: string | null) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signature != null) headers['Stripe-Signature'] = signature;
  return answer(() =>
    webhookAction({
      request: new Request(`${SITE}/payment/webhook`, { method: 'POST', headers, body: payload }),
      context: loadContext(),
      params: {},
    }),
  );
}

function completedEvent(sessionId: string) {
  const { request: _request, ...session } = standIn.sessions.get(sessionId) ?? {};
  const payload = JSON.stringify({
    id: `evt_${sessionId.slice(-12)}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: session },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
}

/** Logs in, posts the card/TWINT form, and returns the stand-in session created for it. */
async function checkout(cookie: string, fields: Record<string, string> = { montant: '25' }) {
  const result = await post(donationForm(fields, cookie));
  expect(result.status).toBe(302);
  const id = result.location?.split('/').at(-1) ?? '';
  expect(result.location).toBe(`${standIn.url}/c/pay/${id}`);
  return id;
}

describe('formulaire carte/TWINT de /support-us', () => {
  it('un visiteur non connecté est envoyé à la connexion, avec retour sur le montant choisi', async () => {
    const result = await post(donationForm({ montant: '25' }));
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/auth/login?redirect=${encodeURIComponent('/support-us?montant=25#don')}`);
    expect(standIn.sessions.size).toBe(0);
  });

  it('un montant qui n’en est pas un n’est pas recopié dans l’adresse de retour (en-tête Location court)', async () => {
    const result = await post(donationForm({ montant: 'é'.repeat(5_000) }));
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/auth/login?redirect=${encodeURIComponent('/support-us#don')}`);
  });

  it('un compte connecté part vers la page de paiement Stripe, en CHF et lié à son compte', async () => {
    const { uid, cookie } = await account('carte');
    const id = await checkout(cookie, { montant: '42.50', public: 'oui', nomPublic: 'Zoé' });
    expect(standIn.sessions.get(id)).toMatchObject({
      currency: 'chf',
      amount_total: 4250,
      client_reference_id: uid,
      metadata: { uid, publicName: 'Zoé' },
      success_url: 'https://agenda.exemple.ch/payment/success?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('un montant hors limites revient avec le message et la saisie', async () => {
    const { cookie } = await account('montant');
    const before = standIn.sessions.size;
    const result = await post(donationForm({ montant: '3' }, cookie));
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      status: 'error',
      error: { montant: ['Indiquez un montant entre 5 et 10 000 CHF.'] },
      initialValue: { montant: '3' },
    });
    expect(standIn.sessions.size).toBe(before);
  });

  it('sans jeton CSRF : refusé', async () => {
    const { cookie } = await account('csrf');
    const request = donationForm({ montant: '25' }, cookie);
    const form = new URLSearchParams(await request.text());
    form.delete('csrf');
    const result = await post(new Request(request.url, { method: 'POST', headers: request.headers, body: form }));
    expect(result.status).toBe(403);
  });
});

describe('/payment/success', () => {
  it('après paiement : merci, un don, le badge ; recharger la page n’ajoute rien', async () => {
    const { uid, cookie } = await account('succes');
    const id = await checkout(cookie, { montant: '25' });
    standIn.markPaid(id);
    const first = await success(id, cookie);
    expect(first.data).toEqual({ state: 'paid', amount: 'CHF 25.–', message: null });
    expect(await success(id, cookie)).toMatchObject({ data: { state: 'paid' } });
    expect(await supported(uid)).toBe(true);
    expect((await getServices().store.donations.listRecent(100)).filter((d) => d.uid === uid)).toHaveLength(1);
  });

  it('une URL forgée ne change rien : sans session_id, inventée, d’un autre compte, pas encore payée', async () => {
    const { uid, cookie } = await account('forge');
    const other = await account('autre');
    const othersPaid = await checkout(other.cookie);
    standIn.markPaid(othersPaid);
    const unpaid = await checkout(cookie);

    expect((await success(null, cookie)).data).toMatchObject({ state: 'missing' });
    expect((await success('cs_test_invente123456789', cookie)).data).toMatchObject({ state: 'not-found' });
    expect((await success(othersPaid, cookie)).data).toMatchObject({ state: 'foreign' });
    expect((await success(unpaid, cookie)).data).toMatchObject({ state: 'pending' });
    standIn.expire(unpaid);
    expect((await success(unpaid, cookie)).data).toMatchObject({ state: 'failed' });
    expect(await supported(uid)).toBe(false);
    expect(await getServices().store.donations.findByProviderRef('stripe', othersPaid)).toBeNull();
  });

  it('déconnecté : vers la connexion', async () => {
    const result = await success('cs_test_invente123456789', '');
    expect(result.status).toBe(302);
    expect(result.location).toBe(
      `/auth/login?redirect=${encodeURIComponent('/payment/success?session_id=cs_test_invente123456789')}`,
    );
  });
});

describe('/payment/webhook', () => {
  it('lit le corps brut et vérifie la signature : bonne → enregistré ; mauvaise ou absente → 400', async () => {
    const { uid, cookie } = await account('webhook');
    const id = await checkout(cookie);
    standIn.markPaid(id);
    const { payload, signature } = completedEvent(id);

    expect((await webhook(payload, null)).status).toBe(400);
    const forged = signature.replace(/v1=(.)/, (_, first: string) => `v1=${first === '0' ? '1' : '0'}`);
    expect(forged).not.toBe(signature);
    expect((await webhook(payload, forged)).status).toBe(400);
    expect((await webhook(`${payload} `, signature)).status).toBe(400);
    expect(await supported(uid)).toBe(false);

    const ok = await webhook(payload, signature);
    expect(ok.status).toBe(200);
    expect(await ok.response?.text()).toBe('Don enregistré.');
    expect(await supported(uid)).toBe(true);

    // Stripe retries, then the donor lands on the success page: still one donation.
    expect(await (await webhook(payload, signature)).response?.text()).toBe('Don déjà enregistré.');
    expect((await success(id, cookie)).data).toMatchObject({ state: 'paid' });
    expect((await getServices().store.donations.listRecent(100)).filter((d) => d.uid === uid)).toHaveLength(1);
  });

  it('GET renvoie à l’accueil', async () => {
    const result = await answer(() => webhookLoader());
    expect(result).toMatchObject({ status: 302, location: '/' });
  });
});

describe('QR-facture', () => {
  it('la page montre la facture du montant choisi, et garde une saisie invalide avec le message', async () => {
    const page = (query: string) =>
      answer(() =>
        supportLoader({ request: new Request(`${SITE}/support-us${query}`), context: loadContext(), params: {} }),
      );
    expect((await page('?montant=25')).data).toMatchObject({
      amount: 25,
      amountAnswer: null,
      cardEnabled: true,
      bill: { account: 'CH93 0076 2011 6238 5295 7', amount: 'CHF 25.–' },
    });
    const bad = await page('?montant=2');
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      typed: '2',
      amount: null,
      bill: null,
      // The free amount is a GET form: the loader answers its refusal as conform's reply, the input kept.
      amountAnswer: {
        status: 'error',
        error: { montant: ['Indiquez un montant entre 5 et 10 000 CHF.'] },
        initialValue: { montant: '2' },
      },
    });
  });

  it('SVG et PDF : le bon type, le PDF en pièce jointe ; un montant invalide → 400 en français', async () => {
    const args = (path: string) => ({ request: new Request(`${SITE}${path}`), context: loadContext(), params: {} });
    const svg = await svgLoader(args('/support-us/facture-qr.svg?montant=25'));
    expect(svg.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    const text = await svg.text();
    expect(text).toContain('25.00');
    expect(text).toContain('CH93 0076 2011 6238 5295 7');

    const pdf = await pdfLoader(args('/support-us/facture-qr.pdf?montant=25'));
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Content-Disposition')).toBe('attachment; filename="qr-facture-don-25.pdf"');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');

    const bad = await pdfLoader(args('/support-us/facture-qr.pdf?montant=99999'));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Indiquez un montant entre 5 et 10 000 CHF.');
  });
});
