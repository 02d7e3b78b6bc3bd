// « Recevoir ces événements par email » under a filtered list (decision 048), without the form library: the list stays
// within its JavaScript budget. The server checks the request; a refused one comes back on /alertes/nouvelle with its
// messages and what was typed (AlertSubscribeForm). It answers a redirect: the cached list never sets a cookie.
import { ChoiceSelect } from '~/components/form/ChoiceSelect';
import { rhythmsFor } from '~/domain/alert-rhythms';
import { AlertSubscribeSection } from './AlertSubscribeSection';

/** « Quand »: a choice, or the one rhythm that suits the selection (« Ce week-end »: on Thursday), said. */
export function RhythmChoice({ filter, id = 'alerte-rythme' }: { filter: string; id?: string }) {
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
  return <ChoiceSelect id={id} name="rythme" label="Quand" choices={rhythms} defaultValue="weekly" />;
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
