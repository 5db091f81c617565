import { PLAN_PRESETS, type Plan } from '@kora/shared';
import { plan as monthly } from '@/test/fixtures';
import { ok } from '@/test/mock-fetch';

/** Quarterly, ₦25,000 for 3 months. */
export const plan = (overrides: Partial<Plan> = {}): Plan =>
  monthly({ name: 'Quarterly', duration: 3, ...overrides });

export const presetsRoute = { 'GET /v1/subscription-type/presets': () => ok(PLAN_PRESETS) };
