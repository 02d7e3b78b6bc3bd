// The dates under the schedule's fields (the form's preview), read as the public will. Reading a schedule takes its
// schema (zod, 24 KB), which the form's page does not load at start (decision 129, issue 50): the server reads the
// values it renders (the loader's `schedulePreview` for the browser's first render), the browser loads its reader after
// the page and follows what is typed from then on. Not React.lazy: the form renders again after hydration (conform), and
// React then dropped the server's HTML for the Suspense fallback (the preview blinked).
import { useEffect, useState } from 'react';
import { ScheduleSummary } from '~/components/ScheduleSummary';
import { eventFormValues } from '~/domain/event-form-fields';
import { listLineProblem } from '~/domain/schedule-lines';
import { previewOfForm, type ScheduleSummary as Summary } from '~/domain/schedule-preview';

/** The reader once loaded: a form mounted afresh (a refused sending, an import) reads its own values at once. */
let loadedReader: typeof previewOfForm | null = null;
let loadedLineReader: typeof listLineProblem | null = null;
const loadReader = () =>
  import('~/domain/schedule-preview').then((m) => {
    loadedReader = m.previewOfForm;
    loadedLineReader = m.listLineProblem;
  });

/**
 * The form's values as the organizer types them (with JavaScript): null before the page is interactive, then each
 * change of the form read again, so the preview and the month's choices follow what is typed.
 */
export function useTypedValues(anchor: React.RefObject<HTMLElement | null>): Record<string, string> | null {
  const [values, setValues] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    const form = anchor.current?.closest('form');
    if (!form) return;
    let frame = 0;
    const read = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // Read as the checks and the server read it (an unticked box is '').
        setValues(eventFormValues(new FormData(form)));
      });
    };
    // Followed once the reader is there: the server's preview stays until then, and the first reading catches what
    // was typed meanwhile.
    let live = true;
    void loadReader().then(() => {
      if (!live) return;
      read();
      form.addEventListener('input', read);
      form.addEventListener('change', read);
    });
    return () => {
      live = false;
      cancelAnimationFrame(frame);
      form.removeEventListener('input', read);
      form.removeEventListener('change', read);
    };
  }, [anchor]);
  return values;
}

/**
 * The dates to show: those of the values typed once the page follows the form (its reader is there then); before,
 * and without JavaScript, those of the values the page came with (sent last), read by the server, or by the browser
 * once its reader is there.
 */
export function previewOf(
  typed: Record<string, string> | null,
  values: Record<string, string>,
  loadedPreview: Summary | null,
): Summary | null {
  if (import.meta.env.SSR) return previewOfForm(values);
  return loadedReader ? loadedReader(typed ?? values) : loadedPreview;
}

/**
 * The line of « Plusieurs dates » the preview cannot read (issue 70), said by the server, and by the browser once its
 * reader is there; before, the page's values are those it came with, whose list the server read (a stored list, or a
 * refusal said under the field).
 */
export function lineProblemOf(dateList: string | undefined): string | null {
  if (import.meta.env.SSR) return listLineProblem(dateList);
  return loadedLineReader ? loadedLineReader(dateList) : null;
}

/**
 * What the fields make, read as the public will: with JavaScript as one types; without, from what was last sent, and a
 * button that sends the form to see them (nothing is saved).
 */
export function SchedulePreview({
  preview,
  interactive,
  problem = null,
}: {
  preview: Summary | null;
  interactive: boolean;
  /** A line of « Plusieurs dates » not understood (listLineProblem): said instead of the dates. */
  problem?: string | null;
}) {
  return (
    <section
      id="apercu-des-dates"
      className="schedule__preview"
      aria-labelledby="schedule-preview-title"
      data-testid="schedule-preview"
    >
      <h3 id="schedule-preview-title">Aperçu des dates</h3>
      <div aria-live="polite">
        {problem ? (
          <p className="field__error" data-testid="schedule-preview-problem">
            {problem}
          </p>
        ) : preview ? (
          <ScheduleSummary summary={preview} />
        ) : (
          <p className="field__hint">
            Les dates paraîtront ici dès que le début et la répétition, la liste ou la période seront remplis.
          </p>
        )}
      </div>
      {interactive ? null : (
        // Back at the preview: the page comes again with its address's fragment.
        <button
          type="submit"
          name="intent"
          value="apercu"
          formNoValidate
          formAction="#apercu-des-dates"
          className="button"
        >
          Voir les dates
        </button>
      )}
    </section>
  );
}
