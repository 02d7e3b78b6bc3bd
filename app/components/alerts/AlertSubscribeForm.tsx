// « Recevoir ces événements par email » (decision 048): under a filtered list, and alone on /alertes/nouvelle when
// the server refused it (the same form with its messages, without JavaScript too). It posts to /alertes/nouvelle,
// which answers a redirect: the list, cached for anonymous visitors, never sets a cookie.
import { ErrorSummary } from '~/components/form/ErrorSummary';
import { fieldId, TextField } from '~/components/form/Field';
import { FieldError } from '~/components/form/FieldNotes';
import { useAppForm } from '~/components/form/use-app-form';
import { ALERT_ACTION } from '~/domain/alert';
import alertRequestShape from '~/domain/alert-form?schema=alertRequestSchema&form-shape';
import { RhythmChoice } from './AlertSubscribeLite';
import { AlertSubscribeSection } from './AlertSubscribeSection';

export { ALERT_ACTION };

export function AlertSubscribeForm({
  filter,
  description,
  answer,
}: {
  /** The list's filter as its URL query (filtersToParams). */
  filter: string;
  /** The filter in words. */
  description: string;
  /** The action's answer (conform's reply), when it refused the alert. */
  answer?: unknown;
}) {
  const { fields, summary, formProps } = useAppForm({
    id: 'alerte',
    shape: alertRequestShape,
    check: () => import('~/domain/alert-form').then((m) => ({ schema: m.alertRequestSchema })),
    lastResult: answer,
    defaultValue: { rythme: 'weekly', filtre: filter },
  });
  return (
    <AlertSubscribeSection
      description={description}
      filter={filter}
      formProps={formProps}
      summary={
        <ErrorSummary
          {...summary}
          title={'L’alerte n’a pas été créée\u00a0: corrigez les champs signalés ci-dessous.'}
        />
      }
    >
      <TextField meta={fields.email} label="Votre adresse email" type="email" autoComplete="email" />
      <RhythmChoice
        filter={filter}
        checked={fields.rythme.initialValue ?? 'weekly'}
        error={
          fields.rythme.errors?.[0] ? (
            <FieldError id={fieldId(fields.rythme.name)} message={fields.rythme.errors[0]} />
          ) : undefined
        }
      />
    </AlertSubscribeSection>
  );
}
