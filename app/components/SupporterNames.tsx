// The names of the donors who chose to be thanked publicly (never the amounts).
import { Link } from '~/components/Link';

export function SupporterNames({ names }: { names: string[] }) {
  if (names.length === 0) {
    return (
      <p className="supporter-names__empty">
        Votre nom pourrait figurer ici : <Link to="/support-us#don">faites un don</Link> et cochez « Afficher mon nom ».
      </p>
    );
  }
  return (
    <>
      <p>Et merci à toutes les personnes qui soutiennent l’agenda par un don, dont :</p>
      <ul className="supporter-names" data-testid="supporter-names">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </>
  );
}
