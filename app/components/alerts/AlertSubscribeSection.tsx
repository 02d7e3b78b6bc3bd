// The frame of « Recevoir ces événements par email », the same under a filtered list (the light form) and on
// /alertes/nouvelle (the full form, with its messages): title, what one receives, then the form given.
import type { ReactNode } from 'react';

export function AlertSubscribeSection({ description, children }: { description: string; children: ReactNode }) {
  return (
    <section className="callout alert-subscribe" aria-labelledby="alerte-titre" data-testid="alert-subscribe">
      <h2 id="alerte-titre">Recevoir ces événements par email</h2>
      <p>
        Les nouveaux événements de cette sélection ({description}), sans créer de compte. Un lien dans chaque email
        suffit pour vous désabonner.
      </p>
      {children}
    </section>
  );
}
