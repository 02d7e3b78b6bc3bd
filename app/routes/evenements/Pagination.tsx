import { Link } from '~/components/Link';
import { NUMBERED_PAGES } from '~/domain/event-filters';

/** Page numbers around the current one: 1 … 4 5 [6] 7 8 … 20; none beyond NUMBERED_PAGES but the current one. */
function pageNumbers(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2]);
  const sorted = [...wanted]
    .filter((n) => n >= 1 && n <= pageCount && (n <= NUMBERED_PAGES || n === page))
    .sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1] > 1 ? [null, n] : [n]));
}

/**
 * Previous, next and the page numbers around the current one. `nextHref`: the next page's address when it differs from
 * its number's (the list's carries where the next page starts, issue 69); `prevHref`: the previous page's, used beyond
 * NUMBERED_PAGES, where a page is reached only from its neighbours.
 */
export function Pagination({
  page,
  pageCount,
  href,
  nextHref,
  prevHref,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  nextHref?: string;
  prevHref?: string;
}) {
  return (
    <nav className="pagination" aria-label="Pages de résultats">
      {page > 1 ? (
        <Link to={prevHref && page - 1 > NUMBERED_PAGES ? prevHref : href(page - 1)} rel="prev">
          ← Précédent
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
      <ol>
        {pageNumbers(page, pageCount).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page">{n}</span>
              ) : (
                <Link to={href(n)} aria-label={`Page ${n}`}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
      </ol>
      {page < pageCount ? (
        <Link to={nextHref ?? href(page + 1)} rel="next">
          Suivant →
        </Link>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
