import type { RefObject } from 'react';
import type { filterChips } from '~/components/discovery/filter-chips';
import { Link } from '~/components/Link';
import { countLabel } from './list';

/** The bar above the list: the button that opens the filters, the count and the active filters as chips. */
export function FilterBar({
  hydrated,
  sheetOpen,
  opener,
  onOpen,
  chips,
  total,
  dates,
  more,
  described,
}: {
  hydrated: boolean;
  sheetOpen: boolean;
  opener: RefObject<HTMLButtonElement>;
  onOpen: () => void;
  chips: ReturnType<typeof filterChips>;
  total: number;
  /** The dates of those events (a series is one event with many dates, decision 065). */
  dates: number;
  /** There are more than `total` (the count stopped there, decision 151). */
  more: boolean;
  /** The selection in words, read after the count (« 12 événements · en famille · « conte » »). */
  described: string;
}) {
  return (
    <div className="filter-bar" data-testid="filter-bar">
      {hydrated ? (
        <button
          ref={opener}
          type="button"
          className="filter-bar__open"
          aria-expanded={sheetOpen}
          aria-controls="filtres"
          onClick={onOpen}
        >
          <FilterIcon /> Filtres{chips.length > 0 ? <span className="badge">{chips.length}</span> : null}
        </button>
      ) : (
        <a className="filter-bar__open" href="#filtres">
          <FilterIcon /> Filtres{chips.length > 0 ? <span className="badge">{chips.length}</span> : null}
        </a>
      )}
      <p className="filter-bar__count" data-testid="result-count" aria-live="polite">
        {countLabel(total, dates, more)}
        <span className="visually-hidden">{described ? ` · ${described}` : ''}</span>
      </p>
      {chips.length > 0 ? (
        <ul className="filter-bar__chips" aria-label="Filtres actifs">
          {chips.map((chip) => (
            <li key={chip.key}>
              <Link
                to={chip.href}
                className="filter-chip"
                preventScrollReset
                aria-label={`Retirer le filtre ${chip.label}`}
              >
                {chip.label}
                <span className="filter-chip__remove" aria-hidden="true">
                  ×
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FilterIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 5h18M6 12h12M10 19h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
