// The hidden fields every form carries: the CSRF token and the honeypot. A visitor without `__session` has no token
// (their page may come from a shared cache, decision 037): the field is left out, the origin check stands for it.
import { useRouteLoaderData } from '@remix-run/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';

export function FormSecurity({ honeypot = true }: { honeypot?: boolean }) {
  const token = useRouteLoaderData<{ csrfToken?: string }>('root')?.csrfToken;
  return (
    <>
      {token ? <input type="hidden" name="csrf" value={token} /> : null}
      {honeypot ? <HoneypotInputs label="Laissez ce champ vide" /> : null}
    </>
  );
}
