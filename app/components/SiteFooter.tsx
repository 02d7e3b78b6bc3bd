// Footer of docs/specification.md §2: information links, the active categories' links, two social links; links scroll smoothly to the
// top. The 'Cookies' button reopens the cookie preferences (docs/specification.md §2).

import type { MouseEvent } from 'react';
import { Link } from '~/components/Link';
import { SITE_NAME, SITE_TAGLINE, SOCIAL_LINKS } from '~/domain/site';
import { CookiesButton } from './consent/CookiesButton';
import { useActiveCategories } from './useCategories';

const INFO_LINKS = [
  // The venues' and organizers' pages (their programmes), found from here as well as from each event's page.
  { to: '/lieux', label: 'Lieux' },
  { to: '/organisateurs', label: 'Organisateurs' },
  { to: '/about', label: 'À propos' },
  { to: '/how-it-works', label: 'Comment ça marche ?' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
  { to: '/legal', label: 'Conditions générales' },
  { to: '/privacy-policy', label: 'Politique de confidentialité' },
  { to: '/support-us', label: 'Nous soutenir' },
  { to: '/partenaires', label: 'Partenaires & Donateurs' },
  { to: '/developpeurs', label: 'Développeurs' },
] as const;

function scrollToTopSmoothly(_event: MouseEvent<HTMLAnchorElement>) {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
}

export function SiteFooter() {
  const categories = useActiveCategories();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="site-footer__title">
            {SITE_NAME}
          </h2>
          <p>Tous {SITE_TAGLINE}, de Genève au Jura bernois, publiés par celles et ceux qui les organisent.</p>
          <ul className="site-footer__social">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.href}>
                <a href={s.href} rel="noopener noreferrer" target="_blank">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info" className="site-footer__title">
            Informations
          </h2>
          <ul>
            {INFO_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} preventScrollReset onClick={scrollToTopSmoothly}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-categories">
          <h2 id="footer-categories" className="site-footer__title">
            Catégories
          </h2>
          <ul className="site-footer__categories">
            {categories.map((c) => (
              <li key={c.slug}>
                <Link to={`/evenements?category=${c.slug}`} preventScrollReset onClick={scrollToTopSmoothly}>
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="site-footer__legal">
        © {new Date().getFullYear()} Association {SITE_NAME} · Fait en Suisse romande ·{' '}
        <CookiesButton className="site-footer__cookies" />
      </p>
    </footer>
  );
}
