// A password input of the account forms. Its value is never shown back (the server never returns it), and its
// autocomplete tells the browser's password manager which password it is: the one it knows, or a new one to remember.
// After a refused sending the input is empty, and its hint says so.
import { createContext, type ReactNode, useContext } from 'react';
import { PASSWORD_MIN } from '~/domain/auth-texts';
import { type FieldMeta, TextField } from './Field';

/** The rule a new password follows, said beside the field that chooses it. */
export const NEW_PASSWORD_HINT = `Au moins ${PASSWORD_MIN}\u00a0caractères.`;

/** Whether the form's last sending was refused (by the browser or the server): its passwords were emptied. */
export const PasswordsEmptied = createContext(false);

/** Said beside an emptied password, so that the person knows why it is empty. */
export const RETYPE_PASSWORD = 'À retaper\u00a0: un mot de passe n’est jamais gardé après un envoi refusé.';

interface PasswordFieldProps {
  meta: FieldMeta;
  label: string;
  /** `current`: the password the account has; `new`: the one being chosen (with its rule); `confirm`: typed again. */
  purpose: 'current' | 'new' | 'confirm';
  /** Replaces the rule of a new password (registration says a little more). */
  hint?: ReactNode;
}

export function PasswordField({ meta, label, purpose, hint }: PasswordFieldProps) {
  const rule = purpose === 'new' ? (hint ?? NEW_PASSWORD_HINT) : undefined;
  const emptied = useContext(PasswordsEmptied);
  return (
    <TextField
      meta={meta}
      label={label}
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      hint={
        emptied ? (
          <>
            {rule ? <>{rule} </> : null}
            {RETYPE_PASSWORD}
          </>
        ) : (
          rule
        )
      }
    />
  );
}
