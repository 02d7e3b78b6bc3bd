import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { partnersPage } from '~/.server/partners/public';
import { Link } from '~/components/Link';
import { PartnerLogo } from '~/components/PartnerLogo';
import { SupporterNames } from '~/components/SupporterNames';
import { pageMeta } from '~/domain/meta';
import type { Partner } from '~/domain/partner';

export async function loader({ context }: LoaderFunctionArgs) {
  return partnersPage(context.services);
}

function PartnerList({ partners }: { partners: Partner[] }) {
  return (
    <ul className="partner-grid">
      {partners.map((p) => (
        <li key={p.id} className="card">
          <Link to={`/partenaires/${p.id}`} className="partner-card">
            {p.logo ? <PartnerLogo logo={p.logo} width={240} alt="" lazy /> : null}
            <h3>{p.name}</h3>
          </Link>
          <p>{p.description}</p>
        </li>
      ))}
    </ul>
  );
}

export default function PartnersPage() {
  const { partenaires, donateurs, supporters } = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <header className="page-header">
        <h1>Partenaires & Donateurs</h1>
        <p className="lead">
          Merci à celles et ceux qui soutiennent un agenda romand libre, gratuit et sans publicité.
        </p>
      </header>
      <section aria-labelledby="partenaires">
        <h2 id="partenaires">Nos partenaires</h2>
        <PartnerList partners={partenaires} />
      </section>
      <section aria-labelledby="donateurs">
        <h2 id="donateurs">Merci à nos donateurs</h2>
        <PartnerList partners={donateurs} />
        <SupporterNames names={supporters} />
      </section>
      <p>
        <Link to="/support-us" className="button button--primary">
          Nous soutenir
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Partenaires & Donateurs',
    description: 'Les partenaires et donateurs qui rendent Agenda romand possible.',
    path: '/partenaires',
    matches,
  });
