import { PLAN_PRESETS, type Plan } from '@kora/shared';
import { ok } from '@/test/mock-fetch';

export const plan = (overrides: Partial<Plan> = {}): Plan => ({
  id: 7,
  name: 'Quarterly',
  amount: 25000,
  duration: 3,
  duration_type: 'month',
  is_grouped: 0,
  group_limit: 1,
  is_active: 1,
  created_at: '2026-01-05T09:00:00.000Z',
  updated_at: '2026-01-05T09:00:00.000Z',
  ...overrides,
});

export const presetsRoute = { 'GET /v1/subscription-type/presets': () => ok(PLAN_PRESETS) };
