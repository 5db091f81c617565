/* What the Export menu tests of the list pages share: the file answer, the lists' other calls, the saved files. */
import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { ok } from './mock-fetch';
import type { renderPage } from './render';
import { signIn } from './session';

const emptyPage = () =>
  ok([], { meta: { page: 1, per_page: 20, pages: 1, total: 0 }, total: 0, pages: 1 });

/** An export's answer: the file, as an attachment named `filename`. */
export const exportFile = (body: string, filename: string) =>
  new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
    },
  });

/** The lists' other calls, answered empty. */
export const EMPTY_LISTS = {
  'GET /v1/member': emptyPage,
  'GET /v1/member/summary': () =>
    ok({ total: 0, active: 0, new_this_month: 0, deactivated: 0, lapsed: 0 }),
  'GET /v1/payment': emptyPage,
  'GET /v1/payment/summary': () =>
    ok({ count: 0, today: 0, this_month: 0, year_to_date: 0, average: 0 }),
  'GET /v1/subscription': emptyPage,
  'GET /v1/subscription/summary': () => ok({ active: 0, expiring: 0, upcoming: 0, expired: 0 }),
  'GET /v1/subscription-type': () => ok([]),
  'GET /v1/member/5': () => ok(null),
};

/**
 * The files the page saves, signed in as an owner: jsdom has no object URLs, so a file is
 * "saved" when its link is clicked, and the link's address and name are kept here.
 */
export const savedExportFiles = () => {
  const saved: { href: string; download: string }[] = [];
  beforeEach(() => {
    signIn();
    saved.length = 0;
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => {};
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    notifications.clean();
  });
  return saved;
};

/** Opens the Export menu and chooses the format `item` (/CSV/ or /Excel/). */
export const exportAs = async (user: ReturnType<typeof renderPage>['user'], item: RegExp) => {
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
};
