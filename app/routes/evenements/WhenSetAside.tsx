import { Link } from '~/components/Link';
import { wholeWords } from '~/components/whole-words';
import type { whenSetAside } from './list';

/** « Vos dates l’emportent sur « Ce week-end » » when both were sent, with the link to the period instead. */
export function WhenSetAside({ aside }: { aside: NonNullable<ReturnType<typeof whenSetAside>> }) {
  return (
    <p className="did-you-mean" data-testid="when-set-aside">
      Vos dates l’emportent sur «{'\u00a0'}
      {wholeWords(aside.label)}
      {'\u00a0'}». <Link to={aside.href}>Voir plutôt {wholeWords(aside.label.toLowerCase())}</Link>
    </p>
  );
}
