// « Importer depuis un lien »: the address of an event page, read by the server (its schema.org Event), which answers
// the submit form prefilled. Its own small form above the event form: a plain POST without JavaScript (the page comes
// back prefilled), the same action through a fetcher with it (the event form remounts with the imported values).
import type { FetcherWithComponents } from '@remix-run/react';
import { useState } from 'react';
import { FormSecurity } from '~/components/FormSecurity';
import { FieldError, FieldHint } from '~/components/form/FieldNotes';
import { type FormResult, firstMessages } from '~/components/form/use-app-form';

/**
 * The action's answer to an import (app/.server/imports/link-answer.ts): conform's reply, the event form's values as
 * its starting input when the page was read (`imported`), the refusal on `importUrl` when not.
 */
export type ImportAnswer = FormResult & {
  importUrl: string;
  /** The page's image: imported (its preview) or not (the message says to add it by hand); null when it had none. */
  imported: { notice: string; image: { message: string; preview: string | null } | null } | null;
};

export const isImportAnswer = (answer: unknown): answer is ImportAnswer =>
  typeof answer === 'object' && answer !== null && 'importUrl' in answer;

export function ImportFromLink({
  fetcher,
  answer,
}: {
  fetcher: FetcherWithComponents<unknown>;
  answer: ImportAnswer | null;
}) {
  const error = firstMessages(answer).importUrl;
  const busy = fetcher.state !== 'idle';
  return (
    <section className="import-link" aria-labelledby="import-link-title">
      <h2 id="import-link-title">Importer depuis un lien</h2>
      <fetcher.Form method="post" encType="multipart/form-data" className="form" data-testid="import-link">
        <FormSecurity />
        <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor="importUrl">
            Adresse de la page de l’événement
          </label>
          <FieldHint id="importUrl">
            Une page qui décrit l’événement (site de la salle, billetterie)&#8239;: ses informations rempliront le
            formulaire.
          </FieldHint>
          <input
            id="importUrl"
            name="importUrl"
            type="url"
            inputMode="url"
            defaultValue={answer?.importUrl ?? ''}
            key={answer?.importUrl ?? ''}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'importUrl-hint importUrl-error' : 'importUrl-hint'}
          />
          <FieldError id="importUrl" message={error} />
        </div>
        <button type="submit" name="intent" value="importer" className="button" disabled={busy}>
          {busy ? 'Import…' : 'Importer depuis un lien'}
        </button>
      </fetcher.Form>
      {answer?.imported ? (
        <div className="notice notice--info" role="status" data-testid="import-notice">
          <p>{answer.imported.notice}</p>
          {answer.imported.image ? <p data-testid="import-image-notice">{answer.imported.image.message}</p> : null}
        </div>
      ) : null}
    </section>
  );
}

/** The latest of the page's answer (a plain POST) and the import fetcher's (with JavaScript): the one that changed last. */
export function useLatestAnswer<A, B>(page: A, fetched: B): A | B {
  const [state, setState] = useState({ page, fetched, latest: page as A | B });
  if (state.page !== page || state.fetched !== fetched) {
    const latest = state.fetched !== fetched && fetched !== undefined ? fetched : page;
    setState({ page, fetched, latest });
    return latest;
  }
  return state.latest;
}
