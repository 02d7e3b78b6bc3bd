// The frame of « Recevoir ces événements par email », the same under a filtered list (the light form) and on
// /alertes/nouvelle (the full form, with its messages): title, what one receives, then the form given.
import type { ReactNode } from 'react';

export function AlertSubscribeSection({
  description,
  title = 'Recevoir ces événements par email',
  children,
}: {
  description: string;
  /** A venue's or an organizer's page says whose events (« Recevoir les événements de ce lieu par email »). */
  title?: string;
  children: ReactNode;
}) {
  return (
    <section className="callout alert-subscribe" aria-labelledby="alerte-titre" data-testid="alert-subscribe">
      <h2 id="alerte-titre">{title}</h2>
      <p>
        Les nouveaux événements de cette sélection ({description}), sans créer de compte. Un lien dans chaque email
        suffit pour vous désabonner.
      </p>
      {children}
    </section>
  );
}
