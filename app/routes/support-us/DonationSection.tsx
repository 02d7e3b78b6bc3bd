import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormSecurity } from '~/components/FormSecurity';
import { TextField } from '~/components/form/Field';
import { useAppForm } from '~/components/form/use-app-form';
import { Link } from '~/components/Link';
import { useFormKey } from '~/components/useFormKey';
import checkoutShape from '~/domain/donation?schema=checkoutSchema&form-shape';
import freeAmountShape from '~/domain/donation?schema=freeAmountSchema&form-shape';
import { amountParam, DONATION_MAX, DONATION_MIN, formatChf, SUGGESTED_AMOUNTS } from '~/domain/donation-amounts';
import { formatCount } from '~/domain/numbers';
import { CONTACT_EMAIL } from '~/domain/site';
import type { action, loader } from './route';

export const AMOUNTS = [
  {
    amount: 10,
    title: 'Un coup de pouce',
    text: 'Couvre l’envoi, pendant un mois, des emails de confirmation et de modération aux organisateurs.',
  },
  {
    amount: 25,
    title: 'Une semaine en ligne',
    text: 'Paie une semaine d’hébergement du site en Suisse, sauvegardes quotidiennes comprises.',
  },
  {
    amount: 50,
    title: 'Une modération solide',
    text: 'Finance les outils et la formation d’un·e nouveau·elle bénévole de l’équipe de modération.',
  },
  {
    amount: 100,
    title: 'Un site pour toutes et tous',
    text: 'Contribue à un test d’accessibilité avec des personnes qui utilisent un lecteur d’écran ou une plage braille.',
  },
] as const;

/** Choose an amount, then give by card/TWINT (Stripe) or by bank transfer with the QR-bill. */
export function DonationSection() {
  const { typed, amount, amountAnswer, bill, cardEnabled, user, cancelled } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const formKey = useFormKey(result);

  return (
    <section id="don" aria-labelledby="faire-un-don" className="donation">
      <h2 id="faire-un-don">Faire un don</h2>
      {cancelled ? (
        <p className="notice" role="status">
          Paiement annulé : aucun montant n’a été débité. Vous pouvez réessayer ou choisir la QR-facture.
        </p>
      ) : null}
      <p>
        {cardEnabled
          ? 'Choisissez un montant, puis payez par carte ou TWINT, ou par virement bancaire avec la QR-facture.'
          : 'Choisissez un montant, puis payez par virement bancaire avec la QR-facture.'}
      </p>
      <ul className="donation__amounts" aria-label="Montants suggérés">
        {SUGGESTED_AMOUNTS.map((suggested) => (
          <li key={suggested}>
            <Link
              to={`/support-us?montant=${suggested}#don`}
              preventScrollReset
              className={`button${amount === suggested ? ' button--primary' : ''}`}
              aria-current={amount === suggested ? 'true' : undefined}
            >
              {formatChf(suggested)}
            </Link>
          </li>
        ))}
      </ul>
      {/* Each amount read by the loader starts a new form, with what was typed and the loader's message. */}
      <FreeAmountForm key={typed} typed={typed} answer={amountAnswer} />

      {amount == null || bill == null ? (
        <p className="donation__hint">
          {cardEnabled
            ? 'Choisissez un montant pour afficher la QR-facture et le paiement par carte ou TWINT.'
            : 'Choisissez un montant pour afficher la QR-facture.'}
        </p>
      ) : (
        <div className="donation__ways">
          {/* Only the ways that are configured: no card section without Stripe (issue 19). */}
          {cardEnabled ? (
            <section aria-labelledby="don-carte" className="card donation__way">
              <h3 id="don-carte">Par carte ou TWINT</h3>
              <CheckoutForm key={formKey} amount={amount} answer={result} user={user} />
            </section>
          ) : null}

          <section aria-labelledby="don-qr" className="card donation__way">
            <h3 id="don-qr">Par virement avec la QR-facture</h3>
            <p>Scannez le code QR avec l’application de votre banque, ou imprimez la facture.</p>
            {/* An <img> rather than inline SVG: the bill is ~200 KB of QR-code squares that would otherwise be sent
                twice (HTML and hydration data); as an image it is cached per amount, and an SVG image never runs
                scripts. CSP img-src 'self' allows it. */}
            {/* On a phone, the QR code alone, large enough to scan from another screen; the whole bill above that. */}
            <div className="donation__qr-zoom">
              <img
                src={`/support-us/facture-qr.svg?montant=${amountParam(amount)}`}
                alt={`Code QR de la QR-facture de ${bill.amount} pour ${bill.creditor}, compte ${bill.account}`}
                width={620}
                height={310}
                data-testid="qr-code-zoom"
              />
            </div>
            <img
              className="donation__qr-bill"
              src={`/support-us/facture-qr.svg?montant=${amountParam(amount)}`}
              alt={`QR-facture de ${bill.amount} pour ${bill.creditor}, compte ${bill.account}`}
              width={620}
              height={310}
              data-testid="qr-bill"
            />
            <dl className="donation__bill" data-testid="qr-bill-details">
              <dt>Compte / Payable à</dt>
              <dd>
                <span className="donation__iban" data-testid="iban">
                  {bill.account}
                </span>
                <br />
                {bill.creditor}
              </dd>
              <dt>Montant</dt>
              <dd>{bill.amount}</dd>
              <dt>Référence</dt>
              <dd>{bill.reference}</dd>
              <dt>Communication</dt>
              <dd>{bill.message}</dd>
            </dl>
            <p>
              <a
                href={`/support-us/facture-qr.pdf?montant=${amountParam(amount)}`}
                className="button"
                download
                data-testid="qr-bill-pdf"
              >
                Télécharger la QR-facture (PDF)
              </a>
            </p>
          </section>
        </div>
      )}
      <p className="donation__other">
        Une question sur votre don ? Écrivez à <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </section>
  );
}

/** The amount typed by the donor, read by the loader from the URL (?montant=…), as the bookmarkable page. */
function FreeAmountForm({ typed, answer }: { typed: string; answer: unknown }) {
  const { fields, formProps } = useAppForm({
    id: 'donation-amount',
    shape: freeAmountShape,
    check: () => import('~/domain/donation').then((m) => ({ schema: m.freeAmountSchema })),
    lastResult: answer,
    defaultValue: { montant: typed },
    shouldValidate: 'onSubmit',
  });
  return (
    <Form method="get" action="/support-us#don" preventScrollReset className="donation__free" {...formProps}>
      <TextField
        meta={fields.montant}
        label="Montant libre (CHF)"
        inputMode="decimal"
        autoComplete="transaction-amount"
        hint={`Entre ${DONATION_MIN} et ${formatCount(DONATION_MAX)} CHF, par exemple 35 ou 42.50.`}
      />
      <button type="submit" className="button">
        Choisir ce montant
      </button>
    </Form>
  );
}

/** Card or TWINT through Stripe: a signed-in donor may have their name shown among the donors. */
function CheckoutForm({
  amount,
  answer,
  user,
}: {
  amount: number;
  answer: unknown;
  user: { displayName: string } | null;
}) {
  const navigation = useNavigation();
  const paying = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const { form, fields, formProps } = useAppForm({
    id: 'donation-checkout',
    shape: checkoutShape,
    check: () => import('~/domain/donation').then((m) => ({ schema: m.checkoutSchema })),
    lastResult: answer,
    defaultValue: { nomPublic: user?.displayName },
    shouldValidate: 'onSubmit',
  });
  const message = form.errors?.[0] ?? fields.montant.errors?.[0];
  return (
    <Form method="post" className="form" data-testid="card-form" {...formProps}>
      <FormSecurity />
      <input type="hidden" name="montant" value={amountParam(amount)} />
      {message ? (
        <p className="notice notice--error" role="alert">
          {message}
        </p>
      ) : null}
      {user ? (
        <>
          <label className="check">
            <input type="checkbox" name="public" value="oui" defaultChecked={fields.public.initialValue === 'oui'} />
            Afficher mon nom dans « Merci à nos donateurs » (sans le montant)
          </label>
          <TextField meta={fields.nomPublic} label="Nom à afficher" />
        </>
      ) : (
        <p>Vous devrez vous connecter : le don est lié à votre compte, qui recevra le badge Donateur·rice.</p>
      )}
      <button type="submit" className="button button--primary" disabled={paying}>
        {paying ? 'Redirection vers le paiement…' : `Donner ${formatChf(amount)} par carte ou TWINT`}
      </button>
      <p className="field__hint">
        Paiement sécurisé par Stripe. Vos données de carte ne passent jamais par notre site.
      </p>
    </Form>
  );
}
