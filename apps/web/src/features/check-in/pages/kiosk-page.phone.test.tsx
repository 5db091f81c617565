import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '@/test/mock-fetch';
import { renderRoutes } from '@/test/render';
import { KIOSK_TOKEN_KEY } from '../kiosk/kiosk-api';
import { KioskPage } from './kiosk-page';

/*
 * The kiosk on a 375 × 812 phone: Exit kiosk is never cut by a long gym name, and the screen is
 * compact enough that the keypad's Go is on the first screen. Mantine writes a responsive style
 * prop as a rule for the phone (no media query) and one per wider breakpoint: the phone's rule is
 * what a 375 px screen uses.
 */

const open = () => {
  window.localStorage.setItem(KIOSK_TOKEN_KEY, 'kiosk-token');
  mockFetch({
    'GET /v1/kiosk': () =>
      ok({
        business_name: 'The Iron Paradise Fitness and Wellness Centre, Lekki Phase 1',
        business_logo_url: null,
        kiosk_name: 'Front desk kiosk',
        typed_entry: true,
      }),
  });
  return renderRoutes([{ path: '/check-in/kiosk', element: <KioskPage /> }], {
    path: '/check-in/kiosk',
  });
};

/** The declarations a 375 px screen applies to `element` from Mantine's responsive rules. */
const phoneRule = (element: Element) => {
  const css = Array.from(document.querySelectorAll('style'), (s) => s.textContent).join('');
  const own = Array.from(element.classList).filter((c) => c.startsWith('__m__'));
  // Rules outside any @media block (the ones inside start after "{" of the media query).
  const outside = css.replace(/@media[^{]*\{(?:[^{}]*\{[^}]*\})*[^}]*\}/g, '');
  return own.map((c) => outside.match(new RegExp(`\\.${c}\\{([^}]*)\\}`))?.[1] ?? '').join(';');
};

describe('the kiosk at 375 px', () => {
  it('Exit kiosk keeps its width beside a long gym name, which wraps instead', async () => {
    open();
    const exit = await screen.findByRole('button', { name: 'Exit kiosk' });
    expect(getComputedStyle(exit).flexShrink).toBe('0');
    const title = screen.getByRole('heading', { level: 1 });
    expect(title.style.overflowWrap).toBe('anywhere');
    expect(getComputedStyle(title).minWidth).toMatch(/^0(px|rem)?$/);
    expect(getComputedStyle(title.parentElement!).minWidth).toMatch(/^0(px|rem)?$/);
  });

  it('the answer box is compact on a phone (the keypad and Go fit the first screen)', async () => {
    open();
    await screen.findByRole('button', { name: 'Exit kiosk' });
    const answer = screen.getByRole('status').closest('.mantine-Paper-root')!;
    expect(phoneRule(answer)).toMatch(/min-height: ?calc\(7\.5rem/);
    expect(screen.getByRole('button', { name: 'Go' })).toBeInTheDocument();
  });
});
