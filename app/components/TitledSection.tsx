// A section of a page under its heading, which names it for assistive technology (the landmark's label).
import type { ReactNode } from 'react';

export function TitledSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
