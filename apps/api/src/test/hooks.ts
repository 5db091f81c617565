import type { Role } from '@kora/shared';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { BuildOptions } from '../app';
import type { Config } from '../config';
import { createTestApp, type TestApp } from './app';
import { createTenant, type Tenant } from './tenants';

/*
 * The setup most test files share, as vitest hooks registered where they are called (the file,
 * or a describe block). Each answers an object that its beforeAll fills in: read it inside hooks
 * and tests, never while the file is being collected.
 */

/**
 * The clock fixed at `now` for the tests of the file (or describe block), let go after them. Only
 * Date is faked: timers and the database run as usual.
 */
export const useFixedClock = (now: Date) => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterAll(() => vi.useRealTimers());
};

/** The real app on a fresh test database: built before the tests, closed after them. */
export const useTestApp = (
  overrides: Partial<Config> = {},
  build: Omit<BuildOptions, 'database'> = {},
): TestApp => {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(overrides, build));
  });
  // Each test fails when an answer it received does not match the OpenAPI document.
  afterEach(() => t.expectAnswersDocumented?.());
  afterAll(() => t.close?.());
  return t;
};

/** A tenant with a business of their own, or one who joins another tenant's business in `role`. */
export type TenantSpec = { code?: string; name?: string } | { role: Role; of: string };

/**
 * Signed-in tenants (see createTenant), made in the order given before the tests:
 * `useTenants(t, { owner: { code: 'IPG' }, staff: { role: 'staff', of: 'owner' } })`.
 */
export const useTenants = <K extends string>(
  t: TestApp,
  specs: Record<K, TenantSpec>,
): Record<K, Tenant> => {
  const entries = Object.entries(specs) as [K, TenantSpec][];
  const tenants = Object.fromEntries(entries.map(([name]) => [name, {}])) as Record<K, Tenant>;
  beforeAll(async () => {
    for (const [name, spec] of entries) {
      if (!('of' in spec)) {
        Object.assign(tenants[name], await createTenant(t, spec));
        continue;
      }
      const businessId = tenants[spec.of as K]?.businessId;
      if (businessId === undefined) throw new Error(`${name} joins ${spec.of}, not made before`);
      Object.assign(tenants[name], await createTenant(t, { role: spec.role, businessId }));
    }
  });
  return tenants;
};
