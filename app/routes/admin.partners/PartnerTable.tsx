import { Form } from '@remix-run/react';
import { AdminTable } from '~/components/admin/AdminTable';
import { FormSecurity } from '~/components/FormSecurity';
import { Link } from '~/components/Link';
import { PartnerLogo } from '~/components/PartnerLogo';
import type { Partner, PartnerKind } from '~/domain/partner';
import type { Intent } from './route';

function siteLabel(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** One small POST form of the list (move, deactivate): the CSRF token, the intent and the partner. */
function RowAction({
  intent,
  partner,
  label,
  disabled,
}: {
  intent: Intent;
  partner: Partner;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Form method="post" preventScrollReset>
      <FormSecurity honeypot={false} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={partner.id} />
      <button type="submit" className="button" disabled={disabled}>
        {label}
        <span className="visually-hidden"> {partner.name}</span>
      </button>
    </Form>
  );
}

export function PartnerTable({
  kind,
  partners,
  editingId,
}: {
  kind: PartnerKind;
  partners: Partner[];
  editingId?: string;
}) {
  const title = kind === 'donateur' ? 'Donateurs' : 'Partenaires';
  return (
    <section className="admin-partners__group" aria-labelledby={`admin-partners-${kind}`}>
      <h2 id={`admin-partners-${kind}`}>
        {title} <span className="admin-partners__count">({partners.length})</span>
      </h2>
      {partners.length === 0 ? (
        <p className="admin-partners__empty">Aucun {kind === 'donateur' ? 'donateur' : 'partenaire'} pour l’instant.</p>
      ) : (
        <AdminTable
          className="admin-partners__table"
          caption={`${title}, dans l’ordre où ils apparaissent sur le site`}
          columns={['Logo', 'Nom', 'Site web', 'État', 'Actions']}
        >
          {partners.map((p, index) => (
            <tr
              key={p.id}
              id={`partner-${p.id}`}
              data-testid="admin-partner-row"
              className={[
                p.active ? '' : 'admin-partners__row--inactive',
                p.id === editingId ? 'admin-partners__row--editing' : '',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <td>
                {p.logo ? (
                  <PartnerLogo
                    className="admin-partners__logo"
                    logo={p.logo}
                    width={96}
                    alt={`Logo de ${p.name}`}
                    lazy
                  />
                ) : (
                  <span className="admin-partners__no-logo">Sans logo</span>
                )}
              </td>
              <th scope="row" className="admin-partners__name">
                {p.active ? <Link to={`/partenaires/${p.id}`}>{p.name}</Link> : p.name}
                <small>/partenaires/{p.slug}</small>
              </th>
              <td>
                {p.websiteUrl ? (
                  <a href={p.websiteUrl} rel="noopener noreferrer">
                    {siteLabel(p.websiteUrl)}
                  </a>
                ) : (
                  '—'
                )}
              </td>
              <td>
                <span className={`status-chip status-chip--${p.active ? 'approved' : 'cancelled'}`}>
                  {p.active ? 'Actif' : 'Désactivé'}
                </span>
              </td>
              <td>
                <div className="admin-actions admin-partners__actions">
                  <Link className="button" to={`/admin/partners?edit=${p.id}#admin-partners-form`}>
                    Modifier<span className="visually-hidden"> {p.name}</span>
                  </Link>
                  <RowAction intent="up" partner={p} label="Monter" disabled={index === 0} />
                  <RowAction intent="down" partner={p} label="Descendre" disabled={index === partners.length - 1} />
                  {p.active ? (
                    <RowAction intent="deactivate" partner={p} label="Désactiver" />
                  ) : (
                    <RowAction intent="activate" partner={p} label="Réactiver" />
                  )}
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
