// /favoris (issue 74, decision 170): what is kept, by the account or by this browser, in date order, those past apart;
// « Annulé » and « Date changée » said. With an account, the personal calendar's secret link, renewed here (the old one
// then answers 404). Plain forms: all of it works without JavaScript. Never cached: it is one person's.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { accountFeedToken, favouritesPage } from '~/.server/favourites/feed';
import { accountNews } from '~/.server/favourites/follows';
import { setFlash } from '~/.server/platform/flash';
import { guardPost } from '~/.server/platform/guard';
import { getCurrentUser, requireUser } from '~/.server/platform/session';
import { FormSecurity } from '~/components/FormSecurity';
import { FavouriteButton } from '~/components/favourites/FavouriteButton';
import { FollowedNews } from '~/components/follows/FollowedNews';
import { Link } from '~/components/Link';
import { formatEventShort, formatEventWhen } from '~/domain/event-dates';
import { pageMeta } from '~/domain/meta';

// Never kept: a visitor's list is their `favoris` cookie's, an account's its own (`private, no-store` by its session).
const PRIVATE = { 'Cache-Control': 'no-store' };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getCurrentUser(request, context.services);
  const cookie = request.headers.get('Cookie');
  const now = new Date();
  const { view, feed } = await favouritesPage(context.services, user?.uid ?? null, cookie, now);
  // « Nouveautés de ceux que je suis » (decision 173): an account's only.
  const { follows, news: events } = user
    ? await accountNews(context.services, user.uid, now)
    : { follows: 0, news: [] };
  const news = events.map((e) => ({
    id: e.id,
    title: e.title,
    when: formatEventWhen(e),
    where: [e.venueName, e.city].filter(Boolean).join(', '),
  }));
  const items = (list: typeof view.upcoming) =>
    list.map((i) => ({
      key: i.key,
      keyText: i.keyText,
      id: i.event.id,
      title: i.event.title,
      city: i.event.city,
      when: formatEventShort({ startsAt: i.startsAt, endsAt: i.endsAt, allDay: i.event.allDay }),
      day: i.key.startsAt ? i.startsAt.slice(0, 10) : null,
      series: Boolean(i.event.schedule) && !i.key.startsAt,
      cancelled: i.cancelled,
      dateChanged: i.dateChanged,
    }));
  return data(
    {
      signedIn: Boolean(user),
      upcoming: items(view.upcoming),
      past: items(view.past),
      feed,
      follows,
      news,
    },
    { headers: PRIVATE },
  );
}

export const headers = () => PRIVATE;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context.services);
  await guardPost(request, context, { audience: 'signed-in', back: '/favoris' });
  await accountFeedToken(context.services.store, user.uid, new Date(), true);
  const message = 'Votre nouveau lien de calendrier est prêt ; l’ancien ne mène plus nulle part.';
  const cookie = await setFlash(request, context.services, { kind: 'success', message });
  return redirect('/favoris', { headers: { 'Set-Cookie': cookie } });
}

type Item = ReturnType<typeof useLoaderData<typeof loader>>['upcoming'][number];

function Kept({ item }: { item: Item }) {
  return (
    <li className="card favourites__item" data-testid="favourite-item">
      <h3>
        <Link to={`/evenement/${item.id}${item.day ? `?date=${item.day}` : ''}`}>{item.title}</Link>
      </h3>
      <p>
        {item.series ? 'Toute la série · prochaine date : ' : ''}
        {item.when} · {item.city}
      </p>
      {item.cancelled ? <span className="tag tag--danger">Annulé</span> : null}
      {item.dateChanged ? <span className="tag tag--danger">Date changée</span> : null}
      <FavouriteButton favourite={item.key} title={item.title} kept />
    </li>
  );
}

export default function FavouritesPage() {
  const { signedIn, upcoming, past, feed, follows, news } = useLoaderData<typeof loader>();
  return (
    <main className="container favourites">
      <h1>Mes favoris</h1>
      {upcoming.length + past.length === 0 ? (
        <p className="empty-state">
          Aucun favori pour l’instant. Touchez « Garder » sur un événement pour le retrouver ici.
          {signedIn ? null : ' Sans compte, acceptez les cookies fonctionnels pour que ce navigateur les garde.'}
        </p>
      ) : null}
      {upcoming.length ? (
        <section aria-labelledby="favourites-upcoming">
          <h2 id="favourites-upcoming">À venir</h2>
          <ul className="favourites__list">
            {upcoming.map((item) => (
              <Kept key={item.keyText} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
      {past.length ? (
        <section aria-labelledby="favourites-past">
          <h2 id="favourites-past">Passés</h2>
          <ul className="favourites__list">
            {past.map((item) => (
              <Kept key={item.keyText} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
      {signedIn ? <FollowedNews follows={follows} news={news} /> : null}
      {signedIn ? (
        <section aria-labelledby="favourites-feed">
          <h2 id="favourites-feed">Mon calendrier</h2>
          <p>
            Abonnez votre application de calendrier à ce lien secret : vos favoris y apparaissent et s’y mettent à jour.
          </p>
          {feed ? (
            <p>
              <code data-testid="favourites-feed">{feed}</code>
            </p>
          ) : null}
          <Form method="post">
            <FormSecurity />
            <button type="submit" className="button">
              {feed ? 'Renouveler le lien' : 'Créer mon lien de calendrier'}
            </button>
          </Form>
        </section>
      ) : (
        <p>
          <Link to="/auth/register">Créez un compte</Link> pour retrouver vos favoris sur tous vos appareils et les
          recevoir dans votre calendrier.
        </p>
      )}
    </main>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Mes favoris',
    description: 'Les événements que vous gardez, et votre calendrier personnel.',
    path: '/favoris',
    matches,
    noindex: true,
  });
