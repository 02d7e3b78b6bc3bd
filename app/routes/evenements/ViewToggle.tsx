// « Liste » or « Carte »: the same selection shown one way or the other (the page's scroll stays where it is).
import { Link } from '~/components/Link';

export function ViewToggle({ view, href }: { view: string; href: (extra?: Record<string, string>) => string }) {
  return (
    <nav className="view-toggle" aria-label="Affichage">
      <Link
        to={href()}
        aria-current={view === 'liste' ? 'page' : undefined}
        className={view === 'liste' ? 'is-active' : undefined}
        preventScrollReset
      >
        Liste
      </Link>
      <Link
        to={href({ vue: 'carte' })}
        aria-current={view === 'carte' ? 'page' : undefined}
        className={view === 'carte' ? 'is-active' : undefined}
        preventScrollReset
      >
        Carte
      </Link>
    </nav>
  );
}
