// « Dernier retour » (issue 51): where the visitor lives (a locality of the list) and the last connection home after the
// end. Without JavaScript, a GET form: the page comes back with `?retour=`. With it, the same form asks
// /evenement/{id}/retour.json, and the choice is kept in this browser only with the functional cookies' consent.
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { CookiesButton } from '~/components/consent/CookiesButton';
import { CONSENT_WRITTEN_EVENT, readConsentStorage } from '~/components/consent/storage';
import { CloseLocalities } from '~/components/form/CloseLocalities';
import { useLocalityList } from '~/components/form/LocalityList';
import { type LastTrip as Answer, LAST_TRIP_PARAM, LAST_TRIP_STORAGE_KEY, lastTripMessage } from '~/domain/last-trip';

const UNREAD = 'L’horaire n’a pas pu être consulté. Cherchez votre retour sur l’horaire CFF ci-dessus.';

/** The locality kept in this browser, only while the functional cookies are allowed (else it is forgotten). */
function keptHome(): string | null {
  try {
    if (readConsentStorage()?.preferences.functional) return localStorage.getItem(LAST_TRIP_STORAGE_KEY);
    localStorage.removeItem(LAST_TRIP_STORAGE_KEY);
  } catch {
    // No storage (private mode): nothing kept.
  }
  return null;
}

function keep(home: string | null): boolean {
  try {
    if (home === null || !readConsentStorage()?.preferences.functional) {
      localStorage.removeItem(LAST_TRIP_STORAGE_KEY);
      return false;
    }
    localStorage.setItem(LAST_TRIP_STORAGE_KEY, home);
    return true;
  } catch {
    return false;
  }
}

export function LastTrip({
  eventId,
  pageDate,
  day,
  typed,
  error,
  suggestions,
  answer,
  assumedEnd,
}: {
  eventId: string;
  pageDate: string | null;
  day: string | null;
  typed: string;
  error: string | null;
  /** The localities close to a refused one: the field's suggestions before the whole list is loaded. */
  suggestions: string[];
  answer: Answer | null;
  assumedEnd: boolean;
}) {
  const [shown, setShown] = useState({ typed, error, answer, close: suggestions });
  const [pending, setPending] = useState(false);
  const [kept, setKept] = useState<boolean | null>(null);
  const input = useRef<HTMLInputElement>(null);
  /** The locality of the return shown, while it may be kept (not after « Oublier »). */
  const answered = useRef<string | null>(null);
  // Marked once the form asks the JSON route itself (the tests wait for it before a tap).
  const hydrated = useHydrated();
  const localities = useLocalityList('last-trip-localities', suggestions);

  const ask = async (home: string) => {
    answered.current = null;
    setPending(true);
    const params = new URLSearchParams({ [LAST_TRIP_PARAM]: home, ...(day ? { date: day } : {}) });
    try {
      const got = await fetch(`/evenement/${eventId}/retour.json?${params.toString()}`, {
        headers: { Accept: 'application/json' },
      });
      const body = (await got.json()) as { answer?: Answer | null; error?: string; suggestions?: string[] };
      if (body.error) {
        setShown({ typed: home, error: body.error, answer: null, close: body.suggestions ?? [] });
        // What is kept (an earlier locality) is not said under a refusal.
        setKept(null);
      } else {
        setShown({ typed: home, error: null, answer: body.answer ?? null, close: [] });
        answered.current = home;
        // An address that asked another locality (a refused « ?retour=Lausane ») follows the one answered: a reload
        // shows this return, not the refusal again.
        const address = new URL(window.location.href);
        if (address.searchParams.has(LAST_TRIP_PARAM) && address.searchParams.get(LAST_TRIP_PARAM) !== home) {
          address.searchParams.set(LAST_TRIP_PARAM, home);
          window.history.replaceState(window.history.state, '', address);
        }
        setKept(keep(home));
      }
    } catch {
      setShown({ typed: home, error: UNREAD, answer: null, close: [] });
      setKept(null);
    } finally {
      setPending(false);
    }
  };

  // A locality kept in this browser: its return is asked at once (never when the address already asks one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens.
  useEffect(() => {
    if (typed) return;
    const home = keptHome();
    if (!home) return;
    if (input.current) input.current.value = home;
    void ask(home);
  }, []);

  // The functional cookies accepted (or refused) while a return is shown, even a moment after it was asked: the choice
  // is kept (or forgotten) then, and the sentence under it says so.
  useEffect(() => {
    const follow = () => {
      if (answered.current !== null) setKept(keep(answered.current));
    };
    window.addEventListener(CONSENT_WRITTEN_EVENT, follow);
    return () => window.removeEventListener(CONSENT_WRITTEN_EVENT, follow);
  }, []);

  const errorId = 'last-trip-error';
  return (
    <section
      aria-labelledby="last-trip-title"
      className="last-trip"
      id="dernier-retour"
      data-enhanced={hydrated ? 'true' : undefined}
    >
      <h3 id="last-trip-title">Dernier retour</h3>
      <p className="last-trip__intro">
        Le dernier transport public pour rentrer chez vous après la fin
        {assumedEnd ? ' (sans heure de fin annoncée, nous comptons deux heures)' : ''}.
      </p>
      <form
        method="get"
        action={`/evenement/${eventId}#dernier-retour`}
        className="last-trip__form"
        onSubmit={(event) => {
          event.preventDefault();
          const home = String(new FormData(event.currentTarget).get(LAST_TRIP_PARAM) ?? '').trim();
          void ask(home);
        }}
      >
        {pageDate ? <input type="hidden" name="date" value={pageDate} /> : null}
        <div className="field">
          <label htmlFor="last-trip-home">J’habite à</label>
          <input
            ref={input}
            id="last-trip-home"
            name={LAST_TRIP_PARAM}
            list="last-trip-localities"
            defaultValue={shown.typed}
            placeholder="Yverdon-les-Bains, Bulle…"
            autoComplete="off"
            onFocus={localities.load}
            required
            aria-invalid={shown.error ? true : undefined}
            aria-describedby={shown.error ? errorId : undefined}
          />
          {localities.list}
        </div>
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Horaire demandé…' : 'Voir mon dernier retour'}
        </button>
      </form>
      <div aria-live="polite" className="last-trip__result" data-testid="last-trip-result">
        {shown.error ? (
          <p className="field__error" id={errorId}>
            {shown.error}
          </p>
        ) : null}
        {shown.error ? (
          <CloseLocalities
            names={shown.close}
            hrefOf={(name) =>
              `/evenement/${eventId}?${new URLSearchParams({ ...(pageDate ? { date: pageDate } : {}), [LAST_TRIP_PARAM]: name })}#dernier-retour`
            }
            onPick={(name) => {
              if (input.current) input.current.value = name;
              void ask(name);
            }}
            testId="last-trip-alternatives"
          />
        ) : null}
        {shown.answer ? (
          <>
            <p className={shown.answer.kind === 'trip' ? 'last-trip__answer' : 'notice'}>
              {lastTripMessage(shown.answer)}
            </p>
            <p>
              <a href={shown.answer.sbb} rel="noopener noreferrer" data-testid="last-trip-sbb">
                Horaire complet sur le site des CFF
              </a>
            </p>
          </>
        ) : null}
        {kept === false ? (
          <p className="last-trip__kept">
            Ce choix vaut pour cette page&nbsp;: il n’est retenu que si vous acceptez les{' '}
            <CookiesButton className="inline-button">cookies fonctionnels</CookiesButton>.
          </p>
        ) : null}
        {kept === true ? (
          <p className="last-trip__kept">
            Retenu dans ce navigateur seulement.{' '}
            <button
              type="button"
              className="button button--link"
              onClick={() => {
                keep(null);
                answered.current = null;
                setKept(null);
              }}
            >
              Oublier
            </button>
          </p>
        ) : null}
      </div>
    </section>
  );
}
