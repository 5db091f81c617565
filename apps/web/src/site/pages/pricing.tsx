import { IconCheck } from '@tabler/icons-react';
import { formatNaira } from '@kora/shared';
import { PRICING_PLANS, type PricingPlan } from './landing-content';
import { LandingSection } from './landing-section';

/*
 * Prices per month, annual billing shown first. Each toggled text carries both versions
 * (data-annual, data-monthly); the browser script swaps them when the visitor picks Monthly.
 * Without the script the annual prices show, and each card still names its monthly price.
 */

const BILLING_NOTE = { annual: 'per month, billed annually', monthly: 'per month, billed monthly' };
const other = (plan: PricingPlan) => ({
  annual: `${formatNaira(plan.monthly)} a month when billed monthly`,
  monthly: `${formatNaira(plan.annual)} a month when billed annually`,
});

export function Pricing() {
  return (
    <LandingSection
      id="pricing"
      eyebrow="Pricing"
      title="Simple pricing in naira"
      lede="30-day free trial, no credit card. Cancel anytime."
      data-pricing=""
      data-billing="annual"
    >
      <div className="billing">
        <div className="billing-toggle" role="group" aria-label="Billing period">
          <button type="button" aria-pressed="true" data-billing-option="annual">
            Annual
          </button>
          <button type="button" aria-pressed="false" data-billing-option="monthly">
            Monthly
          </button>
        </div>
        <p className="badge badge-soft">Annual saves 20%</p>
      </div>
      <ul className="plan-grid">
        {PRICING_PLANS.map((plan) => (
          <li key={plan.name} className={plan.popular ? 'plan plan-popular' : 'plan'}>
            <div className="plan-head">
              <h3 id={`plan-${plan.name.toLowerCase()}`}>{plan.name}</h3>
              {plan.popular ? <p className="badge badge-brand">Most popular</p> : null}
            </div>
            <p className="plan-audience">{plan.audience}</p>
            <p className="price">
              <Toggled annual={formatNaira(plan.annual)} monthly={formatNaira(plan.monthly)} />{' '}
              <Toggled className="price-note" {...BILLING_NOTE} />
            </p>
            <p className="price-other">
              <Toggled {...other(plan)} />
            </p>
            <a
              className={plan.popular ? 'btn btn-primary' : 'btn btn-secondary'}
              href={plan.cta.href}
              aria-describedby={`plan-${plan.name.toLowerCase()}`}
            >
              {plan.cta.label}
            </a>
            <ul className="plan-includes">
              {plan.includes.map((item) => (
                <li key={item}>
                  <IconCheck size={18} aria-hidden="true" focusable="false" />
                  {item}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="pricing-foot">
        30-day free trial, no credit card. Prices in naira (₦) per month.
      </p>
    </LandingSection>
  );
}

function Toggled({
  annual,
  monthly,
  className,
}: {
  annual: string;
  monthly: string;
  className?: string;
}) {
  return (
    <span className={className} data-annual={annual} data-monthly={monthly}>
      {annual}
    </span>
  );
}
