import { RemixBrowser } from '@remix-run/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';

// docs/specification.md §4: the app is mounted once; a flag prevents a second mount (this module evaluated twice, a stray re-import).
const page = window as Window & { __agendaRomandMounted?: boolean };

if (!page.__agendaRomandMounted) {
  page.__agendaRomandMounted = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}
