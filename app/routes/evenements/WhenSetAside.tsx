import { Link } from '~/components/Link';
import { wholeWords } from '~/components/whole-words';
import type { whenSetAside } from './list';

/**
 * « Vos dates l’emportent sur « Ce week-end » » when both were sent, with the link to the period instead; and each
 * filter of the address that was not understood, said (issue 70).
 */
export function WhenSetAside({ aside }: { aside: NonNullable<ReturnType<typeof whenSetAside>> }) {
  const { when, ignored } = aside;
  return (
    <>
      {when ? (
        <p className="did-you-mean" data-testid="when-set-aside">
          Vos dates l’emportent sur «{'\u00a0'}
          {wholeWords(when.label)}
          {'\u00a0'}». <Link to={when.href}>Voir plutôt {wholeWords(when.label.toLowerCase())}</Link>
        </p>
      ) : null}
      {ignored.map((message) => (
        <p key={message} className="did-you-mean" data-testid="filter-ignored">
          {message}
        </p>
      ))}
    </>
  );
}
