// The filter form follows the list when the address changes in another way than by the form itself (Back, Forward,
// « Réinitialiser », a filter chip, a link): its fields are uncontrolled (they work without JavaScript), so they are put
// back to what the list shows, from their defaults that the new filters just set.
import { useLocation } from '@remix-run/react';
import { type RefObject, useEffect, useRef } from 'react';

/** Returns the function the form calls before it submits itself: that navigation leaves the fields as they are. */
export function useFormFollowsList(form: RefObject<HTMLFormElement | null>): () => void {
  const { key } = useLocation();
  const seen = useRef(key);
  const fromForm = useRef(false);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    if (fromForm.current) fromForm.current = false;
    else form.current?.reset();
  }, [key, form]);
  return () => {
    fromForm.current = true;
  };
}
