import type { Outside } from '~/.server/events/ways-out';
import { Link } from '~/components/Link';
import { countLabel } from './list';

/** What the empty list says first: dates all past, a place outside the region (issue 70), or nothing found. */
function heading(past: boolean, outside: Outside | undefined): [string, string] {
  if (past) return ['Ces dates sont passées', 'L’agenda montre ce qui est à venir\u00a0:'];
  if (outside)
    return [
      `${outside.place} est hors de Suisse romande`,
      `La ville romande la plus proche, ${outside.nearest}, est à ${outside.km}\u00a0km\u00a0:`,
    ];
  return ['Aucun événement ne correspond à votre recherche', 'Essayez d’élargir la sélection\u00a0:'];
}

/**
 * No result: the filters to widen that list something, with how many (`waysOut`), then the whole list, each address once.
 * Dates all past say so first: nothing but the dates can mend them; a place outside the region, that it is, and the
 * region's nearest town.
 */
export function EmptyState({
  empty,
}: {
  empty: {
    ways: { label: string; href: string; total: number; more?: boolean }[];
    past: boolean;
    outside?: Outside;
  } | null;
}) {
  const { ways = [], past = false, outside } = empty ?? {};
  const whole = { label: 'Tous les événements à venir', href: '/evenements', total: 0 };
  const links: typeof ways = ways.some((w) => w.href === whole.href) ? ways : [...ways, whole];
  const [title, lead] = heading(past, outside);
  return (
    <div className="empty-state" data-testid="empty-state">
      <h2>{title}</h2>
      <p>{lead}</p>
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
