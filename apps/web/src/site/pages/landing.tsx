import { IconCheck } from '@tabler/icons-react';
import { BENEFITS, FEATURES, FIGURES, HERO_CLAIMS } from './landing-content';
import { LandingSection } from './landing-section';
import { Pricing } from './pricing';
import { Testimonials } from './testimonials';

/** The landing page: hero, figures, features, benefits, testimonials, pricing, call to action. */
export function LandingPage() {
  return (
    <>
      <Hero />
      <Figures />
      <Features />
      <Benefits />
      <Testimonials />
      <Pricing />
      <CallToAction />
    </>
  );
}

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div>
          <p className="eyebrow">Gym management software for Nigeria</p>
          <h1 id="hero-title">Run your gym, not spreadsheets</h1>
          <p className="lede">
            Kora keeps your members, plans, renewals and naira payments in one place, and reaches
            your members by e-mail, SMS and WhatsApp before they lapse.
          </p>
          <div className="actions">
            <a className="btn btn-primary btn-lg" href="/signup">
              Get Started
            </a>
            <a className="btn btn-secondary btn-lg" href="/contact-sales">
              Talk to sales
            </a>
          </div>
          <ul className="claims">
            {HERO_CLAIMS.map((claim) => (
              <li key={claim}>
                <IconCheck size={18} aria-hidden="true" focusable="false" />
                {claim}
              </li>
            ))}
          </ul>
        </div>
        <HeroPicture />
      </div>
    </section>
  );
}

/** A sketch of the members list (decorative, drawn inline: nothing to download). */
function HeroPicture() {
  const rows = [
    { y: 92, w: 120, status: '#0f766e' },
    { y: 148, w: 96, status: '#0f766e' },
    { y: 204, w: 132, status: '#b45309' },
    { y: 260, w: 108, status: '#0f766e' },
  ];
  return (
    <svg
      className="hero-picture"
      viewBox="0 0 360 320"
      width="360"
      height="320"
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="8"
        y="8"
        width="344"
        height="304"
        rx="20"
        fill="#fff"
        stroke="#ccfbf1"
        strokeWidth="2"
      />
      <rect x="32" y="36" width="140" height="14" rx="7" fill="#134e4a" />
      <rect x="252" y="30" width="76" height="26" rx="13" fill="#0f766e" />
      {rows.map((r) => (
        <g key={r.y}>
          <circle cx="52" cy={r.y + 12} r="14" fill="#ccfbf1" />
          <rect x="78" y={r.y + 2} width={r.w} height="9" rx="4.5" fill="#334155" />
          <rect x="78" y={r.y + 16} width={r.w - 36} height="7" rx="3.5" fill="#cbd5e1" />
          <rect x="262" y={r.y + 3} width="62" height="18" rx="9" fill={r.status} opacity=".16" />
          <rect x="274" y={r.y + 9} width="38" height="6" rx="3" fill={r.status} />
        </g>
      ))}
    </svg>
  );
}

function Figures() {
  return (
    <section className="figures" aria-labelledby="figures-title">
      <div className="container">
        <h2 id="figures-title" className="sr-only">
          Kora in numbers
        </h2>
        <ul className="figure-list">
          {FIGURES.map((f) => (
            <li key={f.label}>
              <strong>{f.value}</strong> <span>{f.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Features() {
  return (
    <LandingSection
      id="features"
      eyebrow="Features"
      title="Everything your front desk needs"
      lede="From the first visit to the tenth renewal: members, plans, payments and messages in one simple back office."
    >
      <ul className="feature-grid">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="card">
            <span className="card-icon">
              <Icon size={24} aria-hidden="true" focusable="false" />
            </span>
            <h3>{title}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

function Benefits() {
  return (
    <LandingSection
      id="benefits"
      alt
      eyebrow="Benefits"
      title="Why gym owners switch to Kora"
      lede="Less time on paperwork, more members who stay, and money you can account for."
    >
      <ul className="benefit-grid">
        {BENEFITS.map(({ icon: Icon, figure, title, text }) => (
          <li key={title} className="benefit">
            <span className="card-icon">
              <Icon size={24} aria-hidden="true" focusable="false" />
            </span>
            <h3>
              <span className="benefit-figure">{figure}</span> {title}
            </h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}

function CallToAction() {
  return (
    <section id="contact" className="cta" aria-labelledby="contact-title" tabIndex={-1}>
      <div className="container cta-inner">
        <h2 id="contact-title">Ready to run your gym on Kora?</h2>
        <p>Start your 30-day free trial today, no credit card needed, or tell us about your gym.</p>
        <div className="actions">
          <a className="btn btn-inverse btn-lg" href="/signup">
            Get Started
          </a>
          <a className="btn btn-outline-light btn-lg" href="/contact">
            Contact us
          </a>
        </div>
      </div>
    </section>
  );
}
