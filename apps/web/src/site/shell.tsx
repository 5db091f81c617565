import { IconMenu2 } from '@tabler/icons-react';
import { PRODUCT_NAME } from '@kora/shared';
import { Logo } from './logo';
import { SECTIONS } from './site-config';

/** The header's links: the landing page's sections (from any page), the blog and contact. */
const NAV_LINKS = [
  ...SECTIONS.map((s) => ({ href: `/#${s.id}`, label: s.label })),
  { href: '/blog', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
];

/**
 * The header. On a phone the links sit in a panel the Menu button opens (the browser script);
 * with scripting off the button is not shown and the links wrap under the logo instead.
 */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <Logo />
        <button
          type="button"
          className="menu-button"
          aria-expanded="false"
          aria-controls="site-nav"
          data-menu-button=""
        >
          <IconMenu2 size={22} aria-hidden="true" focusable="false" />
          <span>Menu</span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main">
          <ul className="nav-links">
            {NAV_LINKS.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
          </ul>
          <ul className="nav-actions">
            <li>
              <a className="btn btn-ghost" href="/login">
                Log in
              </a>
            </li>
            <li>
              <a className="btn btn-primary" href="/signup">
                Get Started
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <Logo />
          <p className="footer-tagline">
            Members, subscriptions and payments for gyms and fitness businesses across Nigeria.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="footer-links">
            {NAV_LINKS.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
            <li>
              <a href="/privacy">Privacy Policy</a>
            </li>
            <li>
              <a href="/terms">Terms of Service</a>
            </li>
            <li>
              <a href="/login">Log in</a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="container">
        <p className="copyright">
          © {year} {PRODUCT_NAME}. Made for gyms in Nigeria.
        </p>
      </div>
    </footer>
  );
}
