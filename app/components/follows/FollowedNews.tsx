// « Nouveautés de ceux que je suis » on `/favoris` (issue 74, decision 173): the new public events of the organizers and
// venues the account follows, published since it follows them, soonest first.
import { Link } from '../Link';

export interface NewsItem {
  id: string;
  title: string;
  when: string;
  where: string;
}

export function FollowedNews({ follows, news }: { follows: number; news: readonly NewsItem[] }) {
  return (
    <section aria-labelledby="favourites-news" data-testid="followed-news">
      <h2 id="favourites-news">Nouveautés de ceux que je suis</h2>
      {follows === 0 ? (
        <p className="empty-state">
          Touchez « Suivre » sur la page d’un organisateur ou d’un lieu&nbsp;: ses nouveaux événements apparaîtront ici.
        </p>
      ) : news.length === 0 ? (
        <p className="empty-state">
          Rien de nouveau pour l’instant chez{' '}
          {follows > 1 ? `les ${follows} organisateurs et lieux` : 'l’organisateur ou le lieu'} que vous suivez.
        </p>
      ) : (
        <ul className="favourites__list">
          {news.map((item) => (
            <li key={item.id} className="card favourites__item" data-testid="followed-news-item">
              <h3>
                <Link to={`/evenement/${item.id}`}>{item.title}</Link>
              </h3>
              <p>
                {item.when} · {item.where}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
