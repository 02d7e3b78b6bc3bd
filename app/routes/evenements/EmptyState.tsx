import { Link } from '~/components/Link';
import { countLabel } from './list';

/**
 * No result: the filters to widen that list something, with how many (`waysOut`), then the whole list, each address once.
 * Dates all past say so first: nothing but the dates can mend them.
 */
export function EmptyState({
  ways,
  past,
}: {
  ways: { label: string; href: string; total: number; more?: boolean }[];
  past: boolean;
}) {
  const whole = { label: 'Tous les événements à venir', href: '/evenements', total: 0 };
  const links: typeof ways = ways.some((w) => w.href === whole.href) ? ways : [...ways, whole];
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>{past ? 'Ces dates sont passées' : 'Aucun événement ne correspond à votre recherche'}</h2>
      <p>{past ? 'L’agenda montre ce qui est à venir\u00a0:' : 'Essayez d’élargir la sélection\u00a0:'}</p>
      <ul className="empty-state__suggestions">
        {links.map((w) => (
          <li key={w.href}>
            <Link to={w.href}>{w.label}</Link>
            {w.total > 0 ? (
              <>
                {' '}
                <span className="whole-word">({countLabel(w.total, w.total, w.more).toLowerCase()})</span>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
