import * as shared from '@kora/shared';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as routes from './api-routes';

const FILE = join(__dirname, 'api-routes.ts');

/**
 * Groups of calls the back office never makes: the health check, and what the server's own
 * pages call (the public site's blog and contact form, the members' own page).
 */
const NOT_CALLED = ['healthContracts', 'blogContracts', 'contactContracts', 'portalContracts'];

/** Every `*Contracts` group of the shared package, by name, in the package's order. */
const allGroups = Object.entries(shared).filter(
  ([name, value]) => name.endsWith('Contracts') && !!value && typeof value === 'object',
) as [string, Record<string, shared.Contract>][];
/** The groups the back office calls. */
const groups = allGroups.filter(([name]) => !NOT_CALLED.includes(name));

/** The text of api-routes.ts as the shared contracts make it today. */
const render = (): string => {
  const lines = [
    '// Written by `npm run api-routes -w @kora/web` from the shared contracts (its test fails when',
    '// they change and this file does not): each call of the API, its method and path only.',
    "import type * as shared from '@kora/shared';",
    "import type { RoutesOf } from './api-route';",
  ];
  for (const [name, calls] of groups) {
    lines.push('', `export const ${name}: RoutesOf<typeof shared.${name}> = {`);
    for (const [key, c] of Object.entries(calls))
      lines.push(`  ${key}: { method: '${c.method}', path: '${c.path}' },`);
    lines.push('};');
  }
  return `${lines.join('\n')}\n`;
};

describe('the routes of the API calls (api-routes.ts)', () => {
  it('are the shared contracts’ methods and paths, every group and every call', () => {
    const text = render();
    if (process.env.UPDATE_API_ROUTES) return writeFileSync(FILE, text);
    expect(readFileSync(FILE, 'utf8'), 'run `npm run api-routes -w @kora/web`').toBe(text);
    expect(groups.length).toBeGreaterThan(20);
    expect(allGroups.map(([name]) => name)).toEqual(expect.arrayContaining(NOT_CALLED));
    for (const name of NOT_CALLED) expect(routes, name).not.toHaveProperty(name);
    for (const [name, calls] of groups) {
      const mine = (routes as Record<string, Record<string, unknown>>)[name];
      expect(Object.keys(mine ?? {}), name).toEqual(Object.keys(calls));
      for (const [key, c] of Object.entries(calls))
        expect(mine?.[key], `${name}.${key}`).toEqual({ method: c.method, path: c.path });
    }
  });
});
