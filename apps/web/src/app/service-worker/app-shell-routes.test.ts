import { describe, expect, it } from 'vitest';
import { WEB_APP_PATHS } from '@kora/shared';
import { appShellAllowlist, servesAppShell as serves } from './app-shell-routes';

const allowlist = appShellAllowlist(WEB_APP_PATHS);
const servesAppShell = (path: string) => serves(path, allowlist);

describe('the addresses the service worker opens as the back office', () => {
  it.each([
    '/login',
    '/login?next=%2Fmembers',
    '/signup',
    '/dashboard',
    '/dashboard/',
    '/check-in',
    '/dashboard/check-in',
    '/members',
    '/members/42',
    '/members/42/edit',
    '/members?search=ada&page=2',
    '/payments/9',
    '/cash-up',
    '/settings',
    '/check-in/kiosk',
  ])('%s is the back office', (path) => {
    expect(servesAppShell(path)).toBe(true);
  });

  it.each([
    '/', // the public site's landing page
    '/?ref=whatsapp',
    '/blog',
    '/blog/keep-members-after-january',
    '/contact',
    '/contact-sales',
    '/privacy',
    '/terms',
    '/v1/member',
    '/v1/check-in/roster?cursor=',
    '/health',
    '/docs',
    '/r/abc123',
    '/card/abc123',
    '/pay/abc123',
    '/uploads/pictures/1.webp',
    '/sw.js',
    '/manifest.webmanifest',
    '/favicon.svg',
    '/assets/index-abc.js',
    '/sitemap.xml',
    '/robots.txt',
    '/members/42/x/y', // no page of the back office: the server answers it
    '/nowhere',
  ])('%s is left to the server', (path) => {
    expect(servesAppShell(path)).toBe(false);
  });
});
