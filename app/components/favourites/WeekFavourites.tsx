// « Vos favoris cette semaine » on the home page (issue 74, decision 173). The page is public and cached: its HTML has
// nothing of it. Once the page is shown, the script asks `/favoris/semaine` only when this browser has favourites (an
// account, or a `favoris` cookie); nothing is shown when none is this week. It stands below « À ne pas manquer », so
// that what it adds moves nothing the visitor already sees. Without JavaScript: nothing here, `/favoris` lists them.
import { useRouteLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { favouritesCookieValue, parseFavouritesCookie } from '~/domain/favourites';
import { Link } from '../Link';

interface WeekItem {
  key: string;
  href: string;
  title: string;
  when: string;
  city: string;
  cancelled: boolean;
}

export const WEEK_FAVOURITES_URL = '/favoris/semaine';

export function WeekFavourites() {
  const root = useRouteLoaderData<{ user?: unknown }>('root');
  const signedIn = Boolean(root?.user);
  const [items, setItems] = useState<WeekItem[]>([]);
  useEffect(() => {
    const browser = parseFavouritesCookie(favouritesCookieValue(document.cookie));
    if (!signedIn && browser.length === 0) return;
    const query = signedIn ? '' : `?cles=${encodeURIComponent(browser.join(' '))}`;
    let current = true;
    fetch(`${WEEK_FAVOURITES_URL}${query}`, { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : { items: [] }))
      .then((body: { items: WeekItem[] }) => {
        if (current) setItems(body.items);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [signedIn]);
  if (items.length === 0) return null;
  return (
    <section className="page home__section" aria-labelledby="week-favourites-title" data-testid="week-favourites">
      <div className="section-head">
        <h2 id="week-favourites-title">Vos favoris cette semaine</h2>
        <Link to="/favoris">Tous mes favoris →</Link>
      </div>
      <ul className="favourites__list">
        {items.map((item) => (
          <li key={item.key} className="card favourites__item">
            <h3>
              <Link to={item.href}>{item.title}</Link>
            </h3>
            <p>
              {item.when} · {item.city}
            </p>
            {item.cancelled ? <span className="tag tag--danger">Annulé</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
