// The top of a page: its title, and the sentence that says what it is for when there is one.
import type { ReactNode } from 'react';

export function PageHeader({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
    </header>
  );
}
