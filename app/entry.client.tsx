import { RemixBrowser } from '@remix-run/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { askManifestOnce } from './manifest-once';

// docs/specification.md §4: the app is mounted once; a flag prevents a second mount (this module evaluated twice, a stray re-import).
const page = window as Window & { __agendaRomandMounted?: boolean };

if (!page.__agendaRomandMounted) {
  page.__agendaRomandMounted = true;
  askManifestOnce(window);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}
