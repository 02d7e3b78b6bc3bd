// « Vouliez-vous dire Yverdon-les-Bains ou Montagny-près-Yverdon ? » under a refused locality (the list's « Autour de »,
// « Dernier retour »): the close localities as links, since a datalist does not show a name that does not contain what
// was typed (« Yverdn »).
import { Link } from '~/components/Link';

/** At most this many, in a sentence (the field's list holds up to eight). */
const SHOWN = 4;

export function CloseLocalities({
  names,
  hrefOf,
  onPick,
  testId,
  all = false,
}: {
  names: readonly string[];
  /** The address that asks for that locality (without JavaScript, or opened in a new tab). */
  hrefOf: (name: string) => string;
  /** With JavaScript, asked in place instead of following the link. */
  onPick?: (name: string) => void;
  testId: string;
  /** A name of several localities (« Villars », issue 70): every one of them, to choose from. */
  all?: boolean;
}) {
  const shown = all ? names : names.slice(0, SHOWN);
  if (shown.length === 0) return null;
  return (
    <p className="did-you-mean" data-testid={testId}>
      {all ? 'Choisissez\u00a0: ' : 'Vouliez-vous dire '}
      {shown.map((name, i) => (
        <span key={name}>
          {i === 0 ? '' : i === shown.length - 1 ? ' ou ' : ', '}
          <Link
            to={hrefOf(name)}
            onClick={
              onPick
                ? (event) => {
                    event.preventDefault();
                    onPick(name);
                  }
                : undefined
            }
          >
            {name}
          </Link>
        </span>
      ))}
      {all ? '.' : '\u00a0?'}
    </p>
  );
}
