import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { type CheckoutOutcome, confirmCheckout } from '~/.server/donations/checkout';
import { requireUser } from '~/.server/platform/session';
import { UseCaseError } from '~/.server/platform/use-case-error';
import { Link } from '~/components/Link';
import { formatChf } from '~/domain/donation-amounts';
import { pageMeta } from '~/domain/meta';

type Outcome = CheckoutOutcome['state'] | 'missing' | 'error';

// Stripe sends the donor back here with ?session_id=…; the id only says which payment to check: the donation is
// recorded from what Stripe answers (see docs/decisions/010-dons.md), so a forged URL changes nothing.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context.services);
  const sessionId = new URL(request.url).searchParams.get('session_id');
  let state: Outcome = 'missing';
  let amount: string | null = null;
  let message: string | null = null;
  if (sessionId != null) {
    try {
      const outcome = await confirmCheckout(context.services, user, sessionId);
      state = outcome.state;
      if (outcome.state === 'paid') amount = formatChf(outcome.donation.amount);
    } catch (error) {
      if (!(error instanceof UseCaseError)) throw error;
      state = 'error';
      message = error.message;
    }
  }
  // Its ?session_id= makes the answer `private, no-store` (the cache policy, secret-urls.ts).
  return data({ state, amount, message });
}

const BACK_TO_SUPPORT = (
  <p className="actions">
    <Link to="/support-us#don" className="button button--primary">
      Revenir à « Nous soutenir »
    </Link>
    <Link to="/dashboard" className="button">
      Mon tableau de bord
    </Link>
  </p>
);

export default function PaymentSuccessPage() {
  const { state, amount, message } = useLoaderData<typeof loader>();

  if (state === 'paid') {
    return (
      <div className="page page--narrow">
        <header className="page-header">
          <h1>Merci pour votre soutien !</h1>
        </header>
        <div className="notice notice--success" role="status" data-testid="payment-state" data-state={state}>
          <p>Votre don de {amount} a bien été reçu. Votre profil porte désormais le badge « Donateur·rice ».</p>
        </div>
        <p>
          Grâce à vous, l’agenda reste gratuit, sans publicité et relu par des personnes. Si vous avez choisi d’afficher
          votre nom, il figure parmi nos <Link to="/partenaires">donateurs</Link>.
        </p>
        <p className="actions">
          <Link to="/dashboard" className="button button--primary">
            Mon tableau de bord
          </Link>
          <Link to="/evenements" className="button">
            Voir les événements
          </Link>
        </p>
      </div>
    );
  }

  const texts: Record<Exclude<Outcome, 'paid'>, { kind: string; title: string; text: string }> = {
    pending: {
      kind: 'warning',
      title: 'Paiement en cours de traitement',
      text: 'Votre paiement est en cours de traitement. Votre don sera enregistré dès que notre prestataire de paiement l’aura confirmé : rechargez cette page dans quelques minutes.',
    },
    failed: {
      kind: 'error',
      title: 'Le paiement n’a pas abouti',
      text: 'Le paiement n’a pas abouti et aucun montant n’a été débité. Vous pouvez réessayer, ou utiliser la QR-facture pour un virement.',
    },
    missing: {
      kind: 'info',
      title: 'Aucun paiement à vérifier',
      text: 'Cette page confirme un don fait en ligne : elle s’affiche au retour de la page de paiement. Aucun paiement n’est indiqué ici, rien n’a donc été enregistré.',
    },
    'not-found': {
      kind: 'error',
      title: 'Paiement introuvable',
      text: 'Nous ne trouvons pas ce paiement chez notre prestataire : aucun don n’a été enregistré. Si vous avez été débité, écrivez-nous depuis la page Contact.',
    },
    foreign: {
      kind: 'error',
      title: 'Ce paiement n’est pas lié à votre compte',
      text: 'Ce don a été fait depuis un autre compte : connectez-vous avec le compte utilisé pour le paiement.',
    },
    unavailable: {
      kind: 'info',
      title: 'Paiement en ligne indisponible',
      text: 'Le paiement par carte ou TWINT n’est pas activé sur ce site : aucun paiement en ligne ne peut être vérifié ici.',
    },
    error: { kind: 'error', title: 'Vérification impossible pour le moment', text: message ?? '' },
  };
  const { kind, title, text } = texts[state];
  return (
    <div className="page page--narrow">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      <div
        className={`notice${kind === 'info' ? '' : ` notice--${kind}`}`}
        role={kind === 'error' ? 'alert' : 'status'}
        data-testid="payment-state"
        data-state={state}
      >
        <p>{text}</p>
      </div>
      {BACK_TO_SUPPORT}
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Merci pour votre soutien',
    description: 'Merci pour votre soutien — Agenda romand.',
    path: '/payment/success',
    matches,
  });
