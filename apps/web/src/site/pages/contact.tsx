import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import {
  CONTACT_HONEYPOT,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_NEEDS,
  DISCOVERY_SOURCES,
  MEMBER_COUNT_OPTIONS,
} from '@kora/shared';
import { EMAILS } from '../site-config';

export type ContactPath = '/contact' | '/contact-sales';

export const CONTACT_COPY: Record<ContactPath, { title: string; heading: string; intro: string }> =
  {
    '/contact': {
      title: 'Contact us',
      heading: 'Talk to the Kora team',
      intro:
        'Tell us about your gym and what you need. A member of our team will get back to you, usually within one working day.',
    },
    '/contact-sales': {
      title: 'Contact sales',
      heading: 'Talk to sales',
      intro:
        'Planning to move your gym to Kora, or need Enterprise pricing? Tell us about your business and a sales representative will reach out.',
    },
  };

/**
 * The sales contact form. The browser script checks it, sends it as JSON and shows the answer;
 * the texts it shows come from the shared contract (data-messages), so the page and the API
 * agree word for word.
 */
export function ContactPage({ path }: { path: ContactPath }) {
  const copy = CONTACT_COPY[path];
  return (
    <>
      <section className="page-hero" aria-labelledby="contact-title">
        <div className="container">
          <p className="eyebrow">{copy.title}</p>
          <h1 id="contact-title">{copy.heading}</h1>
          <p className="lede">{copy.intro}</p>
        </div>
      </section>
      <div className="container section-tight">
        <form
          className="contact-form"
          method="post"
          action="/v1/contact"
          aria-labelledby="contact-title"
          data-contact-form=""
          data-messages={JSON.stringify(CONTACT_MESSAGES)}
        >
          <p className="form-note">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">required</span> are required.
          </p>
          <InputField
            id="business_name"
            label="Business name"
            required
            type="text"
            autoComplete="organization"
            maxLength={CONTACT_LIMITS.businessName}
          />
          <InputField
            id="business_email"
            label="Business e-mail"
            required
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
          />
          <InputField
            id="contact_number"
            label="Phone number (optional)"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            maxLength={CONTACT_LIMITS.phone}
          />
          <Field id="member_stats" label="How many members do you have?" required>
            <select id="member_stats" name="member_stats" required defaultValue="">
              <option value="">Select your member count</option>
              {MEMBER_COUNT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          <fieldset className="field" id="needs" aria-describedby="features-error">
            <legend>
              What do you need help with? <span aria-hidden="true">*</span>
            </legend>
            <ul className="choices">
              {CONTACT_NEEDS.map((need) => (
                <li key={need.key}>
                  <input
                    id={`need-${need.key}`}
                    name="features"
                    type="checkbox"
                    value={need.key === 'other' ? 'other' : need.label}
                    {...(need.key === 'other' ? { 'data-other': 'features_other' } : {})}
                  />
                  <label htmlFor={`need-${need.key}`}>{need.label}</label>
                </li>
              ))}
            </ul>
            <div className="other-field" hidden data-other-field="features_other">
              <label htmlFor="features_other">What else do you need help with?</label>
              <input
                id="features_other"
                name="features_other"
                type="text"
                maxLength={CONTACT_LIMITS.need}
              />
            </div>
            <p className="field-error" id="features-error" hidden />
          </fieldset>
          <Field id="how_you_found_us" label="How did you hear about us?" required>
            <select
              id="how_you_found_us"
              name="how_you_found_us"
              required
              defaultValue=""
              data-other="how_you_found_us_other"
            >
              <option value="">Select one</option>
              {DISCOVERY_SOURCES.map((s) => (
                <option key={s.key} value={s.key === 'other' ? 'other' : s.label}>
                  {s.label}
                </option>
              ))}
            </select>
          </Field>
          <div className="field other-field" hidden data-other-field="how_you_found_us_other">
            <label htmlFor="how_you_found_us_other">Where did you hear about us?</label>
            <input
              id="how_you_found_us_other"
              name="how_you_found_us_other"
              type="text"
              maxLength={CONTACT_LIMITS.discovery}
            />
          </div>
          <Field id="additional_information" label="Message (optional)">
            <textarea
              id="additional_information"
              name="additional_information"
              rows={5}
              maxLength={CONTACT_LIMITS.information}
            />
          </Field>
          <div className="hp" aria-hidden="true">
            <label htmlFor={CONTACT_HONEYPOT}>Leave this field empty</label>
            <input
              id={CONTACT_HONEYPOT}
              name={CONTACT_HONEYPOT}
              type="text"
              tabIndex={-1}
              autoComplete="off"
              data-honeypot=""
            />
          </div>
          <noscript>
            <p className="form-note">
              This form needs JavaScript. You can also e-mail us at{' '}
              <a href={`mailto:${EMAILS.sales}`}>{EMAILS.sales}</a>.
            </p>
          </noscript>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary btn-lg" data-submit="">
              Send request
            </button>
            <div role="status" data-form-success="" />
            <div role="alert" data-form-failure="" />
          </div>
        </form>
        <p className="contact-aside">
          Prefer e-mail? Write to <a href={`mailto:${EMAILS.sales}`}>{EMAILS.sales}</a>.
        </p>
      </div>
    </>
  );
}

function Field({
  id,
  label,
  required = false,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      <p className="field-error" id={`${id}-error`} hidden />
    </div>
  );
}

/** A one-line field: its input is named after its id (the name the API reads). */
function InputField({
  id,
  label,
  required = false,
  ...input
}: { id: string; label: string; required?: boolean } & ComponentPropsWithoutRef<'input'>) {
  return (
    <Field id={id} label={label} required={required}>
      <input id={id} name={id} {...input} required={required} />
    </Field>
  );
}
