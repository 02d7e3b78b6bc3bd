// « Événements autour d’Echallens »: a search text read as a locality (decision 161), or as words around one (« concert
// echallens », issue 70), and the way to its words instead.
import { Link } from '~/components/Link';
import { quoted } from '~/domain/quoted';
import type { PlaceReading as Reading } from '~/domain/search-place';

export function PlaceReading({ reading }: { reading: Reading }) {
  return (
    <div className="did-you-mean" data-testid="place-reading">
      <h2>{reading.title}</h2>
      <p>
        Vous avez cherché {quoted(reading.typed)}, lu comme{' '}
        {reading.words ? <>{quoted(reading.words)} autour d’une localité</> : 'une localité'}.{' '}
        <Link to={reading.wordsHref}>Chercher plutôt le texte {quoted(reading.typed)}</Link>
      </p>
    </div>
  );
}
