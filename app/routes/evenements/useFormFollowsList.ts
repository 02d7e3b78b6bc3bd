// The filter form follows the list when the address changes in another way than by the form itself (Back, Forward,
// « Réinitialiser », a filter chip, a link): its fields are uncontrolled (they work without JavaScript), so they are put
// back to what the list shows, from their defaults that the new filters just set.
import { useLocation } from '@remix-run/react';
import { type RefObject, useEffect, useRef } from 'react';

const normalized = (search: string) => new URLSearchParams(search).toString();

/**
 * Returns the function the form calls with the query it submits: the navigation that lands on that query leaves the
 * fields as they are. The queries are remembered in order, not as one flag: a visitor quicker than the list sends a
 * second change before the first one's answer arrives, and that answer must not put the fields back to it (a select
 * would lose the second choice).
 */
export function useFormFollowsList(form: RefObject<HTMLFormElement | null>): (query: URLSearchParams) => void {
  const { key, search } = useLocation();
  const seen = useRef(key);
  const sent = useRef<string[]>([]);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    const own = sent.current.indexOf(normalized(search));
    // The form's own change (or one of them): what was sent before it is answered or abandoned.
    if (own >= 0) sent.current = sent.current.slice(own + 1);
    else {
      sent.current = [];
      form.current?.reset();
    }
  }, [key, search, form]);
  return (query) => {
    sent.current.push(query.toString());
  };
}
