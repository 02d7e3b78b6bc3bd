// The hidden fields every form carries: the CSRF token and the honeypot.
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { HoneypotInputs } from 'remix-utils/honeypot/react';

export function FormSecurity({ honeypot = true }: { honeypot?: boolean }) {
  return (
    <>
      <AuthenticityTokenInput name="csrf" />
      {honeypot ? <HoneypotInputs label="Laissez ce champ vide" /> : null}
    </>
  );
}
