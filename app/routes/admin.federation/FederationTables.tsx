import { AdminTable } from '~/components/admin/AdminTable';
import { RowAction } from '~/components/admin/RowAction';
import { formatDateTime } from '~/domain/dates';

interface Follower {
  id: string;
  handle: string | null;
  software?: string | null;
  followedAt: string;
}

export function ActorsTable({
  actors,
}: {
  actors: { identifier: string; name: string; handle: string; followers: Follower[] }[];
}) {
  return (
    <section aria-labelledby="actors">
      <h2 id="actors">Comptes de l’agenda et leurs abonnés</h2>
      <p>Les lieux et les organisateurs sont aussi des comptes&nbsp;: ils apparaissent ici dès leur premier abonné.</p>
      <AdminTable testId="federation-actors" columns={['Compte', 'Abonnés']}>
        {actors.map((a) => (
          <tr key={a.identifier}>
            <th scope="row">
              {a.name}
              <br />
              <code>{a.handle}</code>
            </th>
            <td>
              {a.followers.length === 0 ? (
                'Aucun abonné'
              ) : (
                <details>
                  <summary>
                    {a.followers.length} abonné{a.followers.length > 1 ? 's' : ''}
                  </summary>
                  <ul>
                    {a.followers.map((f) => (
                      <li key={f.id}>
                        <a href={f.id} rel="noreferrer">
                          {f.handle ?? f.id}
                        </a>
                        {f.software ? ` (${f.software})` : ''}, depuis le {formatDateTime(f.followedAt)}
                      </li>
                    ))}
                  </ul>
                </details>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

const STATUS = {
  pending: 'abonnement demandé',
  accepted: 'abonnement accepté',
  rejected: 'abonnement refusé',
} as const;

export function SourcesTable({
  sources,
}: {
  sources: { id: string; handle: string; name: string; trusted: boolean; status: keyof typeof STATUS }[];
}) {
  if (sources.length === 0) return <p>Aucun compte suivi pour l’instant.</p>;
  return (
    <AdminTable testId="federation-sources" columns={['Compte', 'État', 'Action']}>
      {sources.map((s) => (
        <tr key={s.id}>
          <th scope="row">
            {s.name} <code>{s.handle}</code>
            {s.trusted ? ' (de confiance)' : null}
          </th>
          <td>{STATUS[s.status]}</td>
          <td>
            <RowAction row={['source', s.id]} intent="unfollow" className="button button--danger">
              Ne plus suivre
            </RowAction>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function BlockedTable({ blocked }: { blocked: { domain: string; createdAt: string }[] }) {
  if (blocked.length === 0) return <p>Aucun domaine bloqué.</p>;
  return (
    <ul data-testid="federation-blocked">
      {blocked.map((b) => (
        <li key={b.domain}>
          <code>{b.domain}</code>, bloqué le {formatDateTime(b.createdAt)}{' '}
          <RowAction
            row={['domain', b.domain]}
            intent="unblock"
            className="button button--secondary"
            formClassName="inline-form"
          >
            Débloquer
          </RowAction>
        </li>
      ))}
    </ul>
  );
}
