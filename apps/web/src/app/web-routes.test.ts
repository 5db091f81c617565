import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SITE_PATHS, WEB_APP_PATHS, isSitePath, isWebAppPath } from '@kora/shared';
import { routes } from './routes';

const pathsOf = (list: RouteObject[]): string[] =>
  list.flatMap((r) => [...(r.path ? [r.path] : []), ...pathsOf(r.children ?? [])]);

describe('the server knows every page of the app', () => {
  const all = pathsOf(routes).filter((p) => p !== '*');
  const site = new Set<string>(SITE_PATHS);

  it('the shared list of app pages is exactly the router table', () => {
    expect(all.filter((p) => !site.has(p)).sort()).toEqual([...WEB_APP_PATHS].sort());
  });

  it('every site path is routed to the whole-page load', () => {
    expect(all.filter((p) => site.has(p)).sort()).toEqual([...SITE_PATHS].sort());
  });

  it.each([
    ['/members/12', true],
    ['/dashboard/members/12/edit', true],
    ['/members/12/edit/x', false],
    ['/no-such-page', false],
    ['/dashboard/profile', false],
  ])('%s is an app page: %s', (path, expected) => {
    expect(isWebAppPath(path)).toBe(expected);
  });

  it.each([
    ['/', true],
    ['/blog/keep-members', true],
    ['/blog/a/b', false],
    ['/contact-sales', true],
    ['/pricing', false],
  ])('%s is a site page: %s', (path, expected) => {
    expect(isSitePath(path)).toBe(expected);
  });
});
