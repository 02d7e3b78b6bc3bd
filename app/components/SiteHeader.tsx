// Fixed 80px header with the logo and a burger that opens the 280px menu of docs/specification.md §2; from 1024 px wide it also holds a
// search field, « Événements » and « Ajouter un événement » (the menu keeps the rest).
// The menu is a checkbox + labels, so it opens, and closes on a click outside, even without JavaScript.
import { Form, NavLink, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Link } from '~/components/Link';
import { badgeLabel, SITE_NAME } from '~/domain/site';

/** « 3 événements à modérer », for the menu button's name. */
const pendingLabel = (count: number) => `${badgeLabel(count)} événement${count > 1 ? 's' : ''} à modérer`;

import { FormSecurity } from './FormSecurity';
import { Logo } from './Logo';

export interface HeaderUser {
  displayName: string;
  role: 'organizer' | 'admin';
}

const MENU_LINKS = [
  { to: '/', label: 'Accueil' },
  { to: '/evenements', label: 'Événements' },
  { to: '/partenaires', label: 'Partenaires & Donateurs' },
  { to: '/about', label: 'À propos' },
  { to: '/how-it-works', label: 'Comment ça marche ?' },
  { to: '/contact', label: 'Contact' },
] as const;

export function SiteHeader({ user, pendingCount }: { user: HeaderUser | null; pendingCount: number | null }) {
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  // With JavaScript, the checkbox also says whether the menu is open (« réduit », « développé »); without it, its state.
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => {
    if (toggle.current) toggle.current.checked = false;
    setOpen(false);
  }, []);

  // Close after each navigation (not at hydration: a menu opened before the script ran stays open).
  const lastPath = useRef(location.key);
  useEffect(() => {
    if (lastPath.current === location.key) return;
    lastPath.current = location.key;
    close();
  }, [location.key, close]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && toggle.current?.checked) {
        close();
        toggle.current.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [close]);

  return (
    <header className="site-header">
      <Link to="/" className="site-logo" aria-label={`${SITE_NAME}, accueil`}>
        <Logo />
        <span className="site-logo__name">{SITE_NAME}</span>
      </Link>
      <div className="site-header__desktop">
        <Form method="get" action="/evenements" role="search" className="site-header__search">
          <label htmlFor="header-search" className="visually-hidden">
            Rechercher dans l’agenda
          </label>
          <input
            id="header-search"
            type="search"
            name="q"
            placeholder="Rechercher…"
            maxLength={500}
            enterKeyHint="search"
          />
          <button type="submit" className="site-header__search-button">
            <span className="visually-hidden">Lancer la recherche</span>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </Form>
        <NavLink to="/evenements" className="site-header__link">
          Événements
        </NavLink>
        <Link to="/organizer/submit-event" className="button button--primary site-header__cta">
          Ajouter un événement
        </Link>
      </div>
      <input
        ref={toggle}
        type="checkbox"
        id="menu-toggle"
        className="menu-toggle"
        aria-controls="site-menu"
        aria-expanded={hydrated ? open : undefined}
        onChange={(event) => setOpen(event.currentTarget.checked)}
        // An admin hears the count the closed menu shows (issue 33).
        aria-label={pendingCount ? `Menu, ${pendingLabel(pendingCount)}` : 'Menu'}
        data-testid="menu-toggle"
      />
      <label htmlFor="menu-toggle" className="burger" data-testid="burger">
        <span className="burger__bars" aria-hidden="true" />
        <span className="burger__text">Menu</span>
        {pendingCount ? (
          <span className="badge burger__badge" data-testid="burger-badge" aria-hidden="true">
            {badgeLabel(pendingCount)}
          </span>
        ) : null}
      </label>
      {/* biome-ignore lint/a11y/noLabelWithoutControl: the backdrop is a second label of #menu-toggle, so a click outside closes the menu without JS. */}
      <label htmlFor="menu-toggle" className="menu-backdrop" data-testid="menu-backdrop" aria-hidden="true" />
      <nav id="site-menu" className="menu" aria-label="Menu principal">
        <Form method="get" action="/evenements" role="search" className="menu__search">
          <label htmlFor="menu-search" className="visually-hidden">
            Rechercher un événement
          </label>
          <input id="menu-search" type="search" name="q" placeholder="Rechercher un événement…" maxLength={500} />
          <button type="submit" className="visually-hidden">
            Rechercher
          </button>
        </Form>
        <ul className="menu__links">
          {MENU_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} end={link.to === '/'}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="menu__account">
          {user ? (
            <>
              <p className="menu__user">Connecté·e : {user.displayName}</p>
              <ul className="menu__links">
                <li>
                  <NavLink to="/dashboard">Tableau de bord</NavLink>
                </li>
                {user.role === 'admin' ? (
                  <li>
                    <NavLink to="/admin" className="menu__admin">
                      Panneau Admin
                      {pendingCount ? (
                        <span
                          className="badge"
                          data-testid="pending-badge"
                          title={`${pendingCount} événement(s) en attente`}
                        >
                          {badgeLabel(pendingCount)}
                        </span>
                      ) : null}
                    </NavLink>
                  </li>
                ) : null}
                <li>
                  <Form method="post" action="/auth/logout">
                    <FormSecurity honeypot={false} />
                    <button type="submit" className="link-button">
                      Déconnexion
                    </button>
                  </Form>
                </li>
              </ul>
            </>
          ) : (
            <ul className="menu__links">
              <li>
                <NavLink to="/auth/login">Connexion</NavLink>
              </li>
              <li>
                <NavLink to="/auth/register">Inscription</NavLink>
              </li>
            </ul>
          )}
        </div>
        <Link to="/organizer/submit-event" className="button button--primary menu__cta">
          Ajouter un événement
        </Link>
      </nav>
    </header>
  );
}
