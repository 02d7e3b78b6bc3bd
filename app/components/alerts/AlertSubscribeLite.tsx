// « Recevoir ces événements par email » under a filtered list (decision 048), without the form library: the list stays
// within its JavaScript budget. The server checks the request; a refused one comes back on /alertes/nouvelle with its
// messages and what was typed (AlertSubscribeForm). It answers a redirect: the cached list never sets a cookie.
import type { ReactNode } from 'react';
import { wholeWords } from '~/components/whole-words';
import { rhythmsFor } from '~/domain/alert-rhythms';
import { AlertSubscribeSection } from './AlertSubscribeSection';

/**
 * « Quand »: the rhythms that suit the selection as radios, each in full (a drop-down showed « Chaque jeudi, pour le
 * week- » on a 360 px phone), as on the alert's own page; or the one rhythm that suits it (« Ce week-end »: on
 * Thursday), said. `checked` and `error` (its message, FieldError): what a refused form sent back; the list's block
 * imports neither the form's fields nor their notes.
 */
export function RhythmChoice({
  filter,
  checked = 'weekly',
  error,
}: {
  filter: string;
  checked?: unknown;
  error?: ReactNode;
}) {
  const rhythms = rhythmsFor(filter);
  if (rhythms.length === 1)
    return (
      <p className="field">
        <input type="hidden" name="rythme" value={rhythms[0].value} />
        <span>
          <span className="field__label">Quand&nbsp;: </span>
          {rhythms[0].label.toLowerCase()}
        </span>
      </p>
    );
  // The form's id for the field (fieldId of Field.tsx): the error summary's link and the message's id follow it.
  const id = 'field-rythme';
  return (
    <RhythmRadios rhythms={rhythms} checked={checked} firstId={id} describedBy={error ? `${id}-error` : undefined}>
      {error}
    </RhythmRadios>
  );
}

/**
 * « Quand recevoir les nouveaux événements ? », each rhythm a radio on a row of its own: under a list, in the refused
 * form, and on the alert's own page. `firstId`: the id of the first radio (where an error summary's link leads);
 * `children`: what follows the choices (a field's message).
 */
export function RhythmRadios({
  rhythms,
  checked,
  firstId,
  describedBy,
  children,
}: {
  rhythms: readonly { value: string; label: string }[];
  checked: unknown;
  firstId?: string;
  describedBy?: string;
  children?: ReactNode;
}) {
  return (
    <fieldset className="choice-group" aria-describedby={describedBy}>
      <legend className="field__label">Quand recevoir les nouveaux événements&#8239;?</legend>
      {rhythms.map((r, i) => (
        <label key={r.value} className="check check--row">
          <input
            id={i === 0 ? firstId : undefined}
            type="radio"
            name="rythme"
            value={r.value}
            defaultChecked={r.value === checked}
          />{' '}
          <span>{wholeWords(r.label)}</span>
        </label>
      ))}
      {children}
    </fieldset>
  );
}

export function AlertSubscribeLite({
  filter,
  description,
  title,
}: {
  filter: string;
  description: string;
  title?: string;
}) {
  return (
    <AlertSubscribeSection description={description} title={title} filter={filter}>
      <div className="field">
        <label htmlFor="alerte-email">Votre adresse email</label>
        <input id="alerte-email" name="email" type="email" autoComplete="email" required />
      </div>
      <RhythmChoice filter={filter} />
    </AlertSubscribeSection>
  );
}
