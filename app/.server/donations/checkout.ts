// Card and TWINT donations through Stripe Checkout: start a session, confirm it on the success page, and hear about
// it from Stripe's webhook. A donation is recorded only from what Stripe itself says (a session retrieved with our
// secret key, or a signed event), never from the success URL; both paths may report the same payment: one donation.
import type Stripe from 'stripe';
import { type CheckoutInput, PUBLIC_NAME_MAX, toCentimes } from '~/domain/donation';
import type { Config } from '../platform/config';
import { newId } from '../platform/ids';
import { UseCaseError } from '../platform/use-case-error';
import type { Donation, Store, UserProfile } from '../ports';

export interface DonationDeps {
  store: Store;
  /** Null when card/TWINT donations are not configured. */
  stripe: Stripe | null;
  /** The site's address (Stripe's return pages) and the webhook's signing secret, if configured. */
  config: Pick<Config, 'SITE_URL' | 'STRIPE_WEBHOOK_SECRET'>;
  now?: () => Date;
}

/**
 * A payment that cannot go ahead, with a French message for the donor (as opposed to a bug): 400 when the site does
 * not offer it, 503 when the provider fails.
 */

export const CARD_UNAVAILABLE =
  'Le paiement par carte ou TWINT n’est pas disponible pour le moment : vous pouvez utiliser la QR-facture.';
export const PROVIDER_DOWN =
  'Le service de paiement ne répond pas. Réessayez dans quelques minutes, ou utilisez la QR-facture.';

/** Marks our sessions: another use of the same Stripe account (tickets…) is never counted as a donation. */
const PURPOSE = 'don-agenda-romand';
const SESSION_ID = /^cs_[A-Za-z0-9_]{8,250}$/;

const clock = (deps: DonationDeps) => (deps.now ? deps.now() : new Date());

/** Creates the Checkout Session of a donation and returns the URL of Stripe's payment page. */
export async function startCheckout(
  deps: DonationDeps,
  user: UserProfile,
  input: CheckoutInput,
): Promise<{ url: string; sessionId: string }> {
  if (!deps.stripe) throw new UseCaseError(CARD_UNAVAILABLE, 'form', 400);
  const metadata: Record<string, string> = { uid: user.uid, purpose: PURPOSE };
  if (input.publicName) metadata.publicName = input.publicName;
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.create({
      mode: 'payment',
      submit_type: 'donate',
      locale: 'fr',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'chf',
            unit_amount: toCentimes(input.amount),
            product_data: { name: 'Don à l’association Agenda romand' },
          },
        },
      ],
      metadata,
      client_reference_id: user.uid,
      customer_email: user.email,
      payment_intent_data: { metadata, description: 'Don à l’association Agenda romand' },
      success_url: `${deps.config.SITE_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.config.SITE_URL}/support-us?montant=${encodeURIComponent(String(input.amount))}&annule=1#don`,
    });
  } catch (error) {
    console.error(`Stripe : création de la session de paiement impossible (${describe(error)})`);
    throw new UseCaseError(PROVIDER_DOWN, 'form', 503);
  }
  if (!session.url) throw new UseCaseError(PROVIDER_DOWN, 'form', 503);
  return { url: session.url, sessionId: session.id };
}

export type CheckoutOutcome =
  | { state: 'paid'; donation: Donation; created: boolean }
  /** Not paid yet: the page was left open, or a delayed payment method is being processed. */
  | { state: 'pending' }
  /** Expired or abandoned: nothing was charged. */
  | { state: 'failed' }
  /** No session id, an unknown or malformed one, or not a donation of ours. */
  | { state: 'not-found' }
  /** A donation of another account. */
  | { state: 'foreign' }
  | { state: 'unavailable' };

/**
 * The success page's check: retrieves the session from Stripe with our key (the query string only says which one to
 * look at) and records the donation when Stripe says it is paid. Calling it again (refresh) records nothing more.
 */
export async function confirmCheckout(
  deps: DonationDeps,
  user: UserProfile,
  sessionId: string | null,
): Promise<CheckoutOutcome> {
  if (!deps.stripe) return { state: 'unavailable' };
  if (!sessionId || !SESSION_ID.test(sessionId)) return { state: 'not-found' };
  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  } catch (error) {
    if (isMissing(error)) return { state: 'not-found' };
    console.error(`Stripe : vérification du paiement impossible (${describe(error)})`);
    throw new UseCaseError(PROVIDER_DOWN, 'form', 503);
  }
  if (!isDonation(session)) return { state: 'not-found' };
  if (ownerOf(session) !== user.uid) return { state: 'foreign' };
  if (session.payment_status === 'paid') {
    return { state: 'paid', ...(await deps.store.donations.recordPaid(donationOf(session, clock(deps)))) };
  }
  if (session.status === 'expired') return { state: 'failed' };
  return { state: 'pending' };
}

export interface WebhookAnswer {
  status: 200 | 400;
  message: string;
}

/**
 * Stripe's webhook: checks the signature of the raw body, then records the donation of a paid session
 * (`checkout.session.completed` when paid at once, `checkout.session.async_payment_succeeded` later).
 */
export async function handleWebhook(
  deps: DonationDeps,
  rawBody: string,
  signature: string | null,
): Promise<WebhookAnswer> {
  const webhookSecret = deps.config.STRIPE_WEBHOOK_SECRET;
  if (!deps.stripe || !webhookSecret) return { status: 400, message: 'Webhook Stripe non configuré.' };
  if (!signature) return { status: 400, message: 'Signature Stripe manquante.' };
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    return { status: 400, message: 'Signature Stripe invalide.' };
  }
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') {
    return { status: 200, message: `Événement ${event.type} ignoré.` };
  }
  const session = event.data.object;
  if (!isDonation(session)) return { status: 200, message: 'Session sans rapport avec les dons : ignorée.' };
  if (session.payment_status !== 'paid') return { status: 200, message: 'Paiement en attente : rien à enregistrer.' };
  const { created } = await deps.store.donations.recordPaid(donationOf(session, clock(deps)));
  return { status: 200, message: created ? 'Don enregistré.' : 'Don déjà enregistré.' };
}

function isDonation(session: Stripe.Checkout.Session): boolean {
  return (
    session.mode === 'payment' &&
    session.metadata?.purpose === PURPOSE &&
    session.currency?.toLowerCase() === 'chf' &&
    typeof session.amount_total === 'number' &&
    session.amount_total > 0
  );
}

const ownerOf = (session: Stripe.Checkout.Session) => session.client_reference_id ?? session.metadata?.uid ?? null;

function donationOf(session: Stripe.Checkout.Session, now: Date): Donation {
  const publicName = session.metadata?.publicName?.trim().slice(0, PUBLIC_NAME_MAX) || null;
  return {
    id: newId(),
    uid: ownerOf(session),
    amount: (session.amount_total ?? 0) / 100,
    currency: 'CHF',
    provider: 'stripe',
    providerRef: session.id,
    status: 'paid',
    publicName,
    createdAt: now.toISOString(),
  };
}

function isMissing(error: unknown): boolean {
  const e = error as { type?: string; code?: string; statusCode?: number };
  return e?.type === 'StripeInvalidRequestError' && (e.code === 'resource_missing' || e.statusCode === 404);
}

/** Enough to act on in the log (type and message), without the request's details. */
function describe(error: unknown): string {
  const e = error as { type?: string; message?: string };
  return [e?.type, e?.message].filter(Boolean).join(': ') || String(error);
}
