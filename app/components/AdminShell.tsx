// The frame of every /admin screen: its title and the admin sub-navigation.

import type { LinksFunction } from '@remix-run/node';
import { NavLink } from '@remix-run/react';
import adminStylesHref from '~/styles/admin.css?url';
import { PageHeader } from './PageHeader';

export const adminLinks: LinksFunction = () => [{ rel: 'stylesheet', href: adminStylesHref }];

const ADMIN_LINKS = [
  { to: '/admin', label: 'Vue d’ensemble', end: true },
  { to: '/admin/events', label: 'Modération' },
  { to: '/admin/publications', label: 'Publiés sans modération' },
  { to: '/admin/categories', label: 'Catégories' },
  { to: '/admin/lieux', label: 'Lieux' },
  { to: '/admin/organisateurs', label: 'Organisateurs' },
  { to: '/admin/partners', label: 'Partenaires' },
  { to: '/admin/vacances', label: 'Vacances scolaires' },
  { to: '/admin/sources', label: 'Sources' },
  { to: '/admin/federation', label: 'Fédération' },
  { to: '/admin/users', label: 'Utilisateurs' },
] as const;

/** The admin sub-navigation, on every admin screen and around an admin error (routes/admin.tsx). */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Administration">
      <ul>
        {ADMIN_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={'end' in link ? link.end : false}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function AdminShell({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="page page--admin">
      <AdminNav />
      <PageHeader title={title} lead={lead} />
      {children}
    </div>
  );
}
