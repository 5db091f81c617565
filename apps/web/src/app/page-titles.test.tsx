import { describe, expect, it, vi } from 'vitest';
import { accountApi } from '@/features/account';
import { businessApi } from '@/features/business';
import { profile } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { signIn } from '@/test/session';
import { routes } from './routes';

const titleAt = async (path: string, title: string) => {
  document.title = 'Kora';
  renderRoutes(routes, { path });
  // Pages load their code on demand: allow it time on a busy machine.
  await vi.waitFor(() => expect(document.title).toBe(title), { timeout: 10_000 });
};

describe('each page names its browser tab', () => {
  it.each([
    ['/login', 'Sign in · Kora'],
    ['/signup', 'Create account · Kora'],
    ['/signup?verify=ada%40irongym.ng', 'Verify email · Kora'],
    ['/forgot-password', 'Forgot password · Kora'],
    ['/set-password?token=broken', 'Set password · Kora'],
    ['/no-such-page', 'Page not found · Kora'],
  ])('signed out, %s is "%s"', titleAt);

  it.each([
    ['/dashboard', 'Dashboard · Kora'],
    ['/profile', 'Profile · Kora'],
    ['/change-password', 'Change password · Kora'],
    ['/settings', 'Settings · Kora'],
    ['/dashboard/users', 'Users · Kora'],
    ['/communications', 'Communications · Kora'],
  ])('signed in, %s is "%s"', async (path, title) => {
    signIn();
    vi.spyOn(accountApi, 'me').mockResolvedValue({ message: 'ok', data: profile() });
    vi.spyOn(businessApi, 'profile').mockReturnValue(new Promise(() => {}));
    await titleAt(path, title);
  });
});
