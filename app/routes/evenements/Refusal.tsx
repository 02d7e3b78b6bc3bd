// A refused search text or locality above the list: the message, and a link to the field to correct. On a phone with
// JavaScript that field is in the filters' sheet, closed as the form was sent: the link opens it on the field.
import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { CloseLocalities } from '~/components/form/CloseLocalities';
import { isSeveralPlaces } from '~/domain/distance';

/** The same list around another locality (a position given before is dropped, as when the form names one). */
function aroundLocality(search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.set('autour', name);
  for (const key of ['lat', 'lon', 'page']) params.delete(key);
  return `/evenements?${params}`;
}

/** Space kept between the sticky bars and the message brought back into view. */
const GAP_PX = 8;
export function Refusal({
  message,
  field,
  label,
  localities = [],
  openSheet,
}: {
  message: string;
  /** The id of the field to correct. */
  field: string;
  label: string;
  /** The localities close to a refused one, offered as the same list around each (« Vouliez-vous dire Vevey ? »). */
  localities?: string[];
  openSheet: (fieldId: string) => void;
}) {
  const banner = useRef<HTMLDivElement>(null);
  const { key, search } = useLocation();
  // A form sent with JavaScript scrolled the page to the results: the message, above them, came back under the sticky
  // header and filter bar. Brought back below them (found by an outside tester), on each answer refused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each refused answer (the location's key), not only a new text.
  useEffect(() => {
    const top = banner.current?.getBoundingClientRect().top;
    if (top === undefined) return;
    const covered = document.querySelector('.filter-bar')?.getBoundingClientRect().bottom ?? 0;
    if (top < covered + GAP_PX) window.scrollBy(0, top - covered - GAP_PX);
  }, [message, key]);
  const correct = (event: React.MouseEvent) => {
    const input = document.getElementById(field);
    if (!input) return;
    event.preventDefault();
    // Not displayed: in the closed sheet.
    if (input.offsetParent === null) openSheet(field);
    else input.focus();
  };
  return (
    <>
      <div ref={banner} className="notice notice--error" role="alert" data-testid="search-error">
        {message}
      </div>
      <p className="events-page__correct">
        <a href={`#${field}`} onClick={correct}>
          {label}
        </a>
      </p>
      <CloseLocalities
        names={localities}
        hrefOf={(name) => aroundLocality(search, name)}
        testId="refusal-alternatives"
        all={isSeveralPlaces(message)}
      />
    </>
  );
}
