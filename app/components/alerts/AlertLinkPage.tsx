// The pages of an alert's personal link (confirm, manage, unsubscribe; decision 048): kept out of search engines, one
// narrow page under its title, one notice when the link is no more, one POST button for what the link is for.
import type { MetaFunction } from '@remix-run/node';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { ALERT_LINK_GONE } from '~/domain/alert-texts';
import { pageMeta } from '~/domain/meta';

export const alertLinkMeta =
  (title: string, description: string): MetaFunction =>
  ({ matches }) =>
    pageMeta({ title, description, path: '/alertes', matches, noindex: true });

export function AlertLinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page page--narrow">
      <h1>{title}</h1>
      {children}
    </div>
  );
}

/** The link's alert was deleted, or never confirmed in time. */
export function AlertLinkGone() {
  return (
    <p className="notice notice--error" role="alert">
      {ALERT_LINK_GONE}
    </p>
  );
}

/**
 * What the link does to the alert's selection, said before its button: a button rather than the link itself, so that
 * a mail scanner opening the link does nothing.
 */
export function AlertLinkStep({ lead, description, button }: { lead: string; description: string; button: ReactNode }) {
  return (
    <>
      <p>
        {lead}&nbsp;: <strong>{description}</strong>.
      </p>
      <Form method="post">{button}</Form>
    </>
  );
}

/** The way out at the foot of a manage page: a POST to the alert's unsubscribe link. */
export function AlertLinkLeave({ title, text, action }: { title: string; text: string; action: string }) {
  return (
    <section className="alert-manage__leave" aria-labelledby="leave-title">
      <h2 id="leave-title">{title}</h2>
      <p>{text}</p>
      <Form method="post" action={action}>
        <button type="submit" className="button button--destructive">
          Me désabonner
        </button>
      </Form>
    </section>
  );
}
