// The counted links of an event's page (decision 171): each reports its click to the site's own counter, by the
// browser's `ping` without JavaScript, by a beacon with it (useFigureClicks), never to a third party.
import { useSearchParams } from '@remix-run/react';
import { type ClickKind, figureClickUrl } from '~/domain/event-figures';

/** The attributes of a link counted as `kind` for this event (and the date of a series its page is about). */
export function useFigurePing(eventId: string) {
  const [params] = useSearchParams();
  const day = params.get('date');
  return (kind: ClickKind) => {
    const url = figureClickUrl(eventId, kind, day);
    return { ping: url, 'data-figure': url };
  };
}
