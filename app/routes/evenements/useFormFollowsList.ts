// The filter form follows the list when the address changes in another way than by the form itself (Back, Forward,
// « Réinitialiser », a filter chip, a link): its fields are uncontrolled (they work without JavaScript), so the form
// starts afresh from the defaults the new filters set. Not by resetting it: a select keeps the option it was first
// rendered with as its default (React does not move it), and an outside tester, back from a filtered list to the whole
// one, found « Musique » still chosen, ready to be sent again.
import { useLocation, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';

const normalized = (search: string) => new URLSearchParams(search).toString();

/**
 * The form's key (it changes when the list changed without the form), and the function the form calls with the query
 * it submits: the navigation that lands on that query leaves the fields as they are. The queries are remembered in
 * order, not as one flag: a visitor quicker than the list sends a second change before the first one's answer arrives,
 * and that answer must not put the fields back to it (a select would lose the second choice).
 */
export function useFormFollowsList(): { formKey: number; sending: (query: URLSearchParams) => void } {
  const { key, search } = useLocation();
  const seen = useRef(key);
  const sent = useRef<string[]>([]);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    const own = sent.current.indexOf(normalized(search));
    // The form's own change (or one of them): what was sent before it is answered or abandoned.
    if (own >= 0) sent.current = sent.current.slice(own + 1);
    else {
      sent.current = [];
      setFormKey((n) => n + 1);
    }
  }, [key, search]);
  return {
    formKey,
    sending: (query) => {
      sent.current.push(query.toString());
    },
  };
}

/**
 * With JS, the list follows the form as the visitor changes it (the search text arrives cleaned). The first filter is a
 * step of its own in the history (Back returns to the whole list); the next changes only adjust it (`replace`).
 */
export function useListForm(replace: boolean) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const { formKey, sending } = useFormFollowsList();
  const submitForm = (cleanedQ?: string) => {
    if (!form.current) return;
    const formData = new FormData(form.current);
    if (cleanedQ !== undefined) formData.set('q', cleanedQ);
    // A locality named takes the place of the position (never kept longer than needed, issue 47).
    if (formData.get('autour')) for (const key of ['lat', 'lon']) formData.delete(key);
    for (const [key, value] of [...formData.entries()]) if (value === '') formData.delete(key);
    sending(new URLSearchParams(formData as unknown as Record<string, string>));
    submit(formData, { method: 'get', replace, preventScrollReset: true });
  };
  return { form, formKey, submitForm };
}
