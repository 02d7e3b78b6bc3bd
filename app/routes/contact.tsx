import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { sendContactMessage } from '~/.server/contact/contact';
import { guardPost } from '~/.server/platform/guard';
import { invalid, readForm } from '~/.server/platform/refusal';
import { keepRetryAfter } from '~/.server/platform/security';
import { FormSecurity } from '~/components/FormSecurity';
import { ErrorSummary } from '~/components/form/ErrorSummary';
import { RequiredNote, TextAreaField, TextField } from '~/components/form/Field';
import { useAppForm } from '~/components/form/use-app-form';
import { contactSchema } from '~/domain/contact';
import contactShape from '~/domain/contact?schema=contactSchema&form-shape';
import { pageMeta } from '~/domain/meta';
import { CONTACT_EMAIL } from '~/domain/site';

export async function loader({ request }: LoaderFunctionArgs) {
  return { sent: new URL(request.url).searchParams.get('envoye') === '1' };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await guardPost(request, context, { audience: 'public', rate: { bucket: 'contact' } });
  const submission = readForm(formData, contactSchema);
  if (submission.status !== 'success') return invalid(submission);
  await sendContactMessage(context.services, submission.value);
  return redirect('/contact?envoye=1');
}

export const headers = keepRetryAfter;

export default function ContactPage() {
  const { sent } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // Each answer starts the form afresh: a refusal's with what was typed, a message sent with empty fields (with
  // JavaScript, the page itself stays: its fields kept the message just sent, an invitation to send it twice).
  const { key } = useLocation();

  return (
    <div className="page page--narrow">
      <header className="page-header">
        <h1>Contact</h1>
        <p className="lead">
          Une question sur un événement, une erreur à signaler, une idée de partenariat ? Écrivez-nous : nous répondons
          en général dans les deux jours ouvrables.
        </p>
        <RequiredNote />
      </header>

      {sent ? (
        <div className="notice notice--success" role="status" data-testid="contact-success">
          <h2>Merci, votre message a bien été envoyé.</h2>
          <p>Nous vous répondrons à l’adresse email indiquée, en général sous deux jours ouvrables.</p>
        </div>
      ) : null}

      <ContactForm key={key} answer={answer} />

      <aside className="callout">
        <p>
          Vous pouvez aussi nous écrire directement à <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>. Pour
          publier un événement, inutile de nous l’envoyer : créez un compte et utilisez « Ajouter un événement ».
        </p>
      </aside>
    </div>
  );
}

function ContactForm({ answer }: { answer: unknown }) {
  const submitting = useNavigation().state === 'submitting';
  // Checked at sending: the button sits right below the message (decision 055).
  const { fields, summary, formProps } = useAppForm({
    id: 'contact',
    shape: contactShape,
    check: () => import('~/domain/contact').then((m) => ({ schema: m.contactSchema })),
    lastResult: answer,
    shouldValidate: 'onSubmit',
  });
  return (
    <>
      <ErrorSummary {...summary} title="Le message n’a pas été envoyé : corrigez les champs signalés ci-dessous." />

      <Form method="post" className="form" {...formProps}>
        <FormSecurity />
        <TextField meta={fields.name} label="Votre nom" autoComplete="name" />
        <TextField meta={fields.email} label="Votre adresse email" type="email" autoComplete="email" />
        <TextField meta={fields.subject} label="Sujet" />
        <TextAreaField meta={fields.message} label="Message" rows={8} />
        <button type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Envoi…' : 'Envoyer le message'}
        </button>
      </Form>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Contact',
    description: 'Une question, une correction, un partenariat ? Écrivez à l’équipe d’Agenda romand.',
    path: '/contact',
    matches,
  });
