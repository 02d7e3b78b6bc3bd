// The card/TWINT flow against a local stand-in of Stripe's API (the real SDK, pointed at 127.0.0.1: no network).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeUser } from '../../../tests/support/factories';
import { type StandInSession, type StripeStandIn, startStripeStandIn } from '../../../tests/support/stripe-stand-in';
import { memoryStore } from '../../../tests/unit/memory-store';
import { UseCaseError } from '../platform/use-case-error';
import type { Store, UserProfile } from '../ports';
import {
  CARD_UNAVAILABLE,
  confirmCheckout,
  type DonationDeps,
  handleWebhook,
  PROVIDER_DOWN,
  startCheckout,
} from './checkout';
import { createStripeClient } from './stripe';

const SECRET_KEY = 'sk_test_agenda_romand';
const WEBHOOK_SECRET = 'whsec_test_agenda_romand';
const NOW = new Date('2026-11-22T10:00:00Z');

let standIn: StripeStandIn;
let store: Store;
let deps: DonationDeps;
let donor: UserProfile;
let other: UserProfile;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
});
afterAll(async () => {
  await standIn.close();
});

beforeEach(async () => {
  store = memoryStore().store;
  const account = (uid: string, displayName: string) => storeUser(store, { uid, displayName }, { now: NOW });
  donor = await account('donatrice', 'Zoé Favre');
  other = await account('autre', 'Marc Rochat');
  deps = {
    store,
    stripe: createStripeClient(SECRET_KEY, standIn.url),
    config: { SITE_URL: 'https://agenda.exemple.ch', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    now: () => NOW,
  };
});

const supported = async (uid: string) => (await store.users.findById(uid))?.supported;
const donationCount = async () => (await store.donations.listRecent(100)).length;

async function paidSessionOf(user: UserProfile, amount = 25): Promise<StandInSession> {
  const { sessionId } = await startCheckout(deps, user, { amount, publicName: null });
  return standIn.markPaid(sessionId);
}

/** A webhook call as Stripe makes it: the JSON body and its signature header. */
function signedEvent(type: string, session: StandInSession, secret = WEBHOOK_SECRET) {
  const { request: _request, ...object } = session;
  const payload = JSON.stringify({
    id: `evt_test_${session.id.slice(-10)}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(NOW.getTime() / 1000),
    livemode: false,
    data: { object },
  });
  const signature = deps.stripe?.webhooks.generateTestHeaderString({ payload, secret }) ?? '';
  return { payload, signature };
}

describe('un don par carte ou TWINT (Stripe Checkout)', () => {
  it('crée une session de paiement en CHF, en centimes, liée au compte du donateur', async () => {
    const { url, sessionId } = await startCheckout(deps, donor, { amount: 25.5, publicName: 'Zoé F.' });
    const session = standIn.sessions.get(sessionId) as StandInSession;
    expect(url).toBe(`${standIn.url}/c/pay/${sessionId}`);
    expect(session.mode).toBe('payment');
    expect(session.currency).toBe('chf');
    expect(session.amount_total).toBe(2550);
    expect(session.request.line_items).toEqual([
      {
        quantity: '1',
        price_data: {
          currency: 'chf',
          unit_amount: '2550',
          product_data: { name: 'Don à l’association Agenda romand' },
        },
      },
    ]);
    expect(session.metadata).toMatchObject({ uid: 'donatrice', publicName: 'Zoé F.' });
    expect(session.client_reference_id).toBe('donatrice');
    expect(session.success_url).toBe('https://agenda.exemple.ch/payment/success?session_id={CHECKOUT_SESSION_ID}');
    expect(session.cancel_url).toMatch(/^https:\/\/agenda\.exemple\.ch\/support-us\?montant=25\.5/);
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/checkout/sessions',
      authorization: `Bearer ${SECRET_KEY}`,
    });
  });

  it('sans nom public, la session n’en porte pas', async () => {
    const { sessionId } = await startCheckout(deps, donor, { amount: 10, publicName: null });
    expect(standIn.sessions.get(sessionId)?.metadata.publicName).toBeUndefined();
  });

  it('sans clé Stripe, le paiement par carte est indisponible', async () => {
    await expect(startCheckout({ ...deps, stripe: null }, donor, { amount: 25, publicName: null })).rejects.toThrow(
      new UseCaseError(CARD_UNAVAILABLE, 'form', 400),
    );
    expect(await confirmCheckout({ ...deps, stripe: null }, donor, 'cs_test_12345678')).toEqual({
      state: 'unavailable',
    });
  });

  it('Stripe injoignable : un message clair, rien d’enregistré', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = { ...deps, stripe: createStripeClient(SECRET_KEY, 'http://127.0.0.1:1') };
    await expect(startCheckout(down, donor, { amount: 25, publicName: null })).rejects.toThrow(PROVIDER_DOWN);
    await expect(confirmCheckout(down, donor, 'cs_test_12345678')).rejects.toThrow(PROVIDER_DOWN);
    expect(await supported(donor.uid)).toBe(false);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Stripe : .*StripeConnectionError/));
    log.mockRestore();
  });
});

describe('la page de succès vérifie le paiement auprès de Stripe', () => {
  it('un paiement réussi enregistre un don et fait du compte un donateur, une seule fois', async () => {
    const session = await paidSessionOf(donor, 50);
    const first = await confirmCheckout(deps, donor, session.id);
    expect(first).toMatchObject({ state: 'paid', created: true });
    expect(first.state === 'paid' && first.donation).toMatchObject({
      uid: 'donatrice',
      amount: 50,
      currency: 'CHF',
      provider: 'stripe',
      providerRef: session.id,
      status: 'paid',
      publicName: null,
    });
    expect(await supported(donor.uid)).toBe(true);

    // Refresh of the success page: same donation, nothing more.
    const again = await confirmCheckout(deps, donor, session.id);
    expect(again).toMatchObject({ state: 'paid', created: false });
    expect(await donationCount()).toBe(1);
  });

  it('garde le nom choisi pour « Merci à nos donateurs »', async () => {
    const { sessionId } = await startCheckout(deps, donor, { amount: 25, publicName: 'Famille Favre' });
    standIn.markPaid(sessionId);
    await confirmCheckout(deps, donor, sessionId);
    expect(await store.donations.publicNames(10)).toEqual(['Famille Favre']);
  });

  describe('une URL de succès forgée ne fait jamais d’un compte un donateur', () => {
    it('sans session_id', async () => {
      expect(await confirmCheckout(deps, donor, null)).toEqual({ state: 'not-found' });
      expect(await supported(donor.uid)).toBe(false);
    });

    it('avec un identifiant inventé (Stripe ne le connaît pas)', async () => {
      expect(await confirmCheckout(deps, donor, 'cs_test_invente0123456789')).toEqual({ state: 'not-found' });
      expect(standIn.requests.at(-1)?.path).toBe('/v1/checkout/sessions/cs_test_invente0123456789');
      expect(await supported(donor.uid)).toBe(false);
    });

    it('avec un identifiant mal formé, sans même interroger Stripe', async () => {
      const before = standIn.requests.length;
      for (const id of ['', 'abc', '../../v1/charges', 'cs_test_x?expand[]=y', `cs_${'a'.repeat(300)}`]) {
        expect(await confirmCheckout(deps, donor, id)).toEqual({ state: 'not-found' });
      }
      expect(standIn.requests.length).toBe(before);
      expect(await supported(donor.uid)).toBe(false);
    });

    it('avec la session payée d’un autre compte', async () => {
      const session = await paidSessionOf(other);
      expect(await confirmCheckout(deps, donor, session.id)).toEqual({ state: 'foreign' });
      expect(await supported(donor.uid)).toBe(false);
      expect(await supported(other.uid)).toBe(false);
      expect(await donationCount()).toBe(0);
    });

    it('avec une session pas encore payée (page de paiement ouverte)', async () => {
      const { sessionId } = await startCheckout(deps, donor, { amount: 25, publicName: null });
      expect(await confirmCheckout(deps, donor, sessionId)).toEqual({ state: 'pending' });
      expect(await supported(donor.uid)).toBe(false);
      expect(await donationCount()).toBe(0);
    });

    it('avec une session payée qui n’est pas un don (autre usage du compte Stripe)', async () => {
      const foreign = await deps.stripe?.checkout.sessions.create({
        mode: 'payment',
        client_reference_id: donor.uid,
        metadata: { uid: donor.uid },
        line_items: [
          { quantity: 1, price_data: { currency: 'chf', unit_amount: 4000, product_data: { name: 'Billet' } } },
        ],
        success_url: 'https://agenda.exemple.ch/payment/success?session_id={CHECKOUT_SESSION_ID}',
      });
      standIn.markPaid(foreign?.id ?? '');
      expect(await confirmCheckout(deps, donor, foreign?.id ?? '')).toEqual({ state: 'not-found' });
      expect(await supported(donor.uid)).toBe(false);
    });
  });

  it('un paiement en cours de traitement attend, un paiement expiré a échoué', async () => {
    const processing = await startCheckout(deps, donor, { amount: 25, publicName: null });
    standIn.markProcessing(processing.sessionId);
    expect(await confirmCheckout(deps, donor, processing.sessionId)).toEqual({ state: 'pending' });

    const expired = await startCheckout(deps, donor, { amount: 25, publicName: null });
    standIn.expire(expired.sessionId);
    expect(await confirmCheckout(deps, donor, expired.sessionId)).toEqual({ state: 'failed' });
    expect(await supported(donor.uid)).toBe(false);
    expect(await donationCount()).toBe(0);
  });
});

describe('le webhook Stripe', () => {
  it('avec une signature valide, enregistre le don d’une session payée', async () => {
    const session = await paidSessionOf(donor, 100);
    const { payload, signature } = signedEvent('checkout.session.completed', session);
    expect(await handleWebhook(deps, payload, signature)).toEqual({ status: 200, message: 'Don enregistré.' });
    expect(await supported(donor.uid)).toBe(true);
    expect((await store.donations.findByProviderRef('stripe', session.id))?.amount).toBe(100);
  });

  it('enregistre un paiement différé quand il aboutit, pas avant', async () => {
    const { sessionId } = await startCheckout(deps, donor, { amount: 30, publicName: null });
    const processing = standIn.markProcessing(sessionId);
    const completed = signedEvent('checkout.session.completed', processing);
    expect((await handleWebhook(deps, completed.payload, completed.signature)).status).toBe(200);
    expect(await donationCount()).toBe(0);

    const succeeded = signedEvent('checkout.session.async_payment_succeeded', standIn.markPaid(sessionId));
    expect(await handleWebhook(deps, succeeded.payload, succeeded.signature)).toMatchObject({ status: 200 });
    expect(await donationCount()).toBe(1);
    expect(await supported(donor.uid)).toBe(true);
  });

  it('refuse une signature absente, fausse, d’un autre secret ou un corps modifié : rien d’enregistré', async () => {
    const session = await paidSessionOf(donor);
    const { payload, signature } = signedEvent('checkout.session.completed', session);
    const wrongSecret = signedEvent('checkout.session.completed', session, 'whsec_quelquun_dautre');
    const tampered = payload.replace('"amount_total":2500', '"amount_total":250000');
    expect(tampered).not.toBe(payload);

    for (const [body, header] of [
      [payload, null],
      [payload, ''],
      [payload, 't=123,v1=deadbeef'],
      [payload, wrongSecret.signature],
      [tampered, signature],
    ] as const) {
      expect((await handleWebhook(deps, body, header)).status).toBe(400);
    }
    const unconfigured = { ...deps, config: { SITE_URL: deps.config.SITE_URL } };
    expect(await handleWebhook(unconfigured, payload, signature)).toMatchObject({ status: 400 });
    expect(await donationCount()).toBe(0);
    expect(await supported(donor.uid)).toBe(false);
  });

  it('ignore les autres événements', async () => {
    const session = await paidSessionOf(donor);
    const { payload, signature } = signedEvent('checkout.session.expired', session);
    expect(await handleWebhook(deps, payload, signature)).toMatchObject({ status: 200 });
    expect(await donationCount()).toBe(0);
  });

  it('webhook puis page de succès, ou les deux en même temps : un seul don', async () => {
    const first = await paidSessionOf(donor, 20);
    const event = signedEvent('checkout.session.completed', first);
    await handleWebhook(deps, event.payload, event.signature);
    expect(await confirmCheckout(deps, donor, first.id)).toMatchObject({ state: 'paid', created: false });

    const second = await paidSessionOf(donor, 40);
    const again = signedEvent('checkout.session.completed', second);
    const [hook, page, replay] = await Promise.all([
      handleWebhook(deps, again.payload, again.signature),
      confirmCheckout(deps, donor, second.id),
      handleWebhook(deps, again.payload, again.signature),
    ]);
    expect(hook.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(page.state).toBe('paid');
    expect(await donationCount()).toBe(2);
    expect((await store.donations.listRecent(10)).map((d) => d.amount).sort()).toEqual([20, 40]);
  });

  it('un don dont le compte a été supprimé entre-temps est gardé, sans compte', async () => {
    const session = await paidSessionOf(donor);
    await store.users.delete(donor.uid);
    const { payload, signature } = signedEvent('checkout.session.completed', session);
    expect((await handleWebhook(deps, payload, signature)).status).toBe(200);
    expect((await store.donations.findByProviderRef('stripe', session.id))?.uid).toBeNull();
  });
});
