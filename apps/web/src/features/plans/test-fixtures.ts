import { PLAN_PRESETS, type Plan } from '@kora/shared';
import { plan as monthly } from '@/test/fixtures';
import type { UserEvent } from '@testing-library/user-event';
import { expectShown } from '@/test/expect';
import { ok } from '@/test/mock-fetch';

/** Quarterly, ₦25,000 for 3 months. */
export const plan = (overrides: Partial<Plan> = {}): Plan =>
  monthly({ name: 'Quarterly', duration: 3, ...overrides });

export const presetsRoute = { 'GET /v1/subscription-type/presets': () => ok(PLAN_PRESETS) };

/**
 * Saves twice with `button`: the first failure shows `title` with the server's `message`, the
 * second (no message from the server) the screen's `fallback`.
 */
export const expectSaveFailures = async (
  user: UserEvent,
  button: () => HTMLElement,
  [title, message, fallback]: [title: string, message: string, fallback: string],
) => {
  await user.click(button());
  await expectShown(title, message);
  await user.click(button());
  await expectShown(fallback);
};
