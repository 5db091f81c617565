import type { ReactNode } from 'react';
import { POLICY_EFFECTIVE } from '../site-config';

/** A policy page: its title, the date it took effect, then its numbered sections. */
export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="container legal">
      <h1>{title}</h1>
      <p className="legal-effective">
        Effective <time dateTime={POLICY_EFFECTIVE.iso}>{POLICY_EFFECTIVE.text}</time>
      </p>
      <div className="prose">
        {intro}
        {children}
      </div>
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
