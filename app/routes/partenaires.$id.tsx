import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { partnerPage } from '~/.server/partners/public';
import { EventCard } from '~/components/EventCard';
import { Link } from '~/components/Link';
import { PartnerLogo } from '~/components/PartnerLogo';
import { toEventCard } from '~/domain/event-card';
import { pageMeta } from '~/domain/meta';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = await partnerPage(context.services, params.id ?? '');
  if (!page) throw data({ message: 'Ce partenaire n’existe pas.' }, { status: 404 });
  return { partner: page.partner, events: page.events.map((e) => toEventCard(e)) };
}

export default function PartnerDetailPage() {
  const { partner, events } = useLoaderData<typeof loader>();
  return (
    <div className="page page--narrow">
      <p>
        <Link to="/partenaires" className="link-target">
          ← Partenaires & Donateurs
        </Link>
      </p>
      <header className="page-header">
        {partner.logo ? <PartnerLogo logo={partner.logo} width={240} alt={`Logo de ${partner.name}`} /> : null}
        <h1>{partner.name}</h1>
        <p className="lead">{partner.kind === 'donateur' ? 'Donateur' : 'Partenaire'}</p>
      </header>
      <p>{partner.description}</p>
      {partner.websiteUrl ? (
        <p>
          <a href={partner.websiteUrl} rel="noopener noreferrer" className="button">
            Site web
          </a>
        </p>
      ) : null}
      {events.length > 0 ? (
        <section aria-labelledby="partner-events">
          <h2 id="partner-events">Ses prochains événements</h2>
          <div className="event-grid">
            {events.map((e) => (
              <EventCard key={e.id} event={e} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  data
    ? pageMeta({
        title: data.partner.name,
        description: data.partner.description.slice(0, 160),
        path: `/partenaires/${data.partner.id}`,
        matches,
      })
    : [];
