import {
  IconChevronLeft,
  IconChevronRight,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { TESTIMONIALS } from './landing-content';
import { LandingSection } from './landing-section';
import type { ReactNode } from 'react';

/*
 * Three testimonials. The browser script shows one at a time and moves on every few seconds
 * (never under reduced motion); without scripting, all three show and the controls do not.
 */
export function Testimonials() {
  return (
    <LandingSection
      id="testimonials"
      alt
      eyebrow="Testimonials"
      title="Gym owners across Nigeria"
      lede="What changes when the front desk runs on Kora."
    >
      <div
        className="carousel"
        role="region"
        aria-roledescription="carousel"
        aria-label="Testimonials from gym owners"
        data-carousel=""
      >
        <div className="slides" aria-live="off" data-slides="">
          {TESTIMONIALS.map((t, i) => (
            <div
              key={t.name}
              className="slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${TESTIMONIALS.length}`}
              hidden={i > 0}
              data-slide=""
            >
              <figure>
                <blockquote>
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption>
                  <strong>{t.name}</strong>
                  <span>
                    {t.role}, {t.gym}, {t.city}
                  </span>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
        <div className="carousel-controls">
          <ControlButton label="Stop automatic rotation" control="toggle">
            <IconPlayerPause size={20} aria-hidden="true" focusable="false" data-icon="pause" />
            <IconPlayerPlay size={20} aria-hidden="true" focusable="false" data-icon="play" />
          </ControlButton>
          <ControlButton label="Previous testimonial" control="prev">
            <IconChevronLeft size={20} aria-hidden="true" focusable="false" />
          </ControlButton>
          <div className="dots">
            {TESTIMONIALS.map((t, i) => (
              <button
                key={t.name}
                type="button"
                className="dot"
                aria-label={`Show testimonial ${i + 1}: ${t.name}`}
                aria-current={i === 0 ? 'true' : undefined}
                data-carousel-dot={i}
              />
            ))}
          </div>
          <ControlButton label="Next testimonial" control="next">
            <IconChevronRight size={20} aria-hidden="true" focusable="false" />
          </ControlButton>
        </div>
      </div>
    </LandingSection>
  );
}

/** A round button of the carousel's controls; `control` names it for the carousel's script. */
function ControlButton({
  label,
  control,
  children,
}: {
  label: string;
  control: 'toggle' | 'prev' | 'next';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      {...{ [`data-carousel-${control}`]: '' }}
    >
      {children}
    </button>
  );
}
