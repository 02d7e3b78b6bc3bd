// The hidden fields every form carries: the CSRF token and the honeypot. A visitor without `__session` has no token
// (their page may come from a shared cache, decision 037): the field is left out, the origin check stands for it.
import { useRouteLoaderData } from '@remix-run/react';
import { useId } from 'react';

interface HoneypotProps {
  nameFieldName?: string;
  validFromFieldName?: string | null;
  encryptedValidFrom?: string;
}

/**
 * The honeypot of remix-utils (its field names and signed start time, from the root loader), with an id of its own
 * per form: a page with two forms repeats no id (issue 52), and `autocomplete="off"`, a value HTML allows.
 */
function HoneypotFields({ nameFieldName = 'name__confirm', validFromFieldName, encryptedValidFrom }: HoneypotProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const label = 'Laissez ce champ vide';
  return (
    <div style={{ display: 'none' }} aria-hidden="true">
      <label htmlFor={`${nameFieldName}-${id}`}>{label}</label>
      <input
        id={`${nameFieldName}-${id}`}
        name={nameFieldName}
        type="text"
        defaultValue=""
        autoComplete="off"
        tabIndex={-1}
      />
      {validFromFieldName && encryptedValidFrom ? (
        <>
          <label htmlFor={`${validFromFieldName}-${id}`}>{label}</label>
          <input
            id={`${validFromFieldName}-${id}`}
            name={validFromFieldName}
            type="text"
            value={encryptedValidFrom}
            readOnly
            autoComplete="off"
            tabIndex={-1}
          />
        </>
      ) : null}
    </div>
  );
}

export function FormSecurity({ honeypot = true }: { honeypot?: boolean }) {
  const root = useRouteLoaderData<{ csrfToken?: string; honeypotInputProps?: HoneypotProps }>('root');
  const token = root?.csrfToken;
  return (
    <>
      {token ? <input type="hidden" name="csrf" value={token} /> : null}
      {honeypot ? <HoneypotFields {...(root?.honeypotInputProps ?? {})} /> : null}
    </>
  );
}
