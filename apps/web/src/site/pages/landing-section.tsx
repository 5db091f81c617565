import type { ComponentPropsWithoutRef, ReactNode } from 'react';

interface LandingSectionProps extends Omit<
  ComponentPropsWithoutRef<'section'>,
  'id' | 'title' | 'className' | 'children'
> {
  /** The section's anchor (the header's links jump to it); its heading's id adds "-title". */
  id: string;
  eyebrow: string;
  title: string;
  lede: string;
  /** On the alternate background. */
  alt?: boolean;
  children: ReactNode;
}

/** A section of the landing page: the small eyebrow, its heading and lede, then its content. */
export function LandingSection({
  id,
  eyebrow,
  title,
  lede,
  alt,
  children,
  ...section
}: LandingSectionProps) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      className={alt ? 'section section-alt' : 'section'}
      aria-labelledby={titleId}
      tabIndex={-1}
      {...section}
    >
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={titleId}>{title}</h2>
          <p className="lede">{lede}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
