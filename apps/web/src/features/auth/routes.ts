import type { Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** Sign-in, sign-up and password pages, loaded on demand. */
export const authFeature: Feature = {
  name: 'auth',
  routes: [
    {
      path: 'login',
      page: lazyPage(() => import('./pages/login-page'), 'LoginPage'),
      access: 'guest',
    },
    {
      path: 'signup',
      page: lazyPage(() => import('./pages/signup-page'), 'SignupPage'),
      access: 'guest',
    },
    {
      path: 'forgot-password',
      page: lazyPage(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'),
      access: 'guest',
    },
    // A link from an e-mail: it works signed in or not.
    {
      path: 'set-password',
      page: lazyPage(() => import('./pages/set-password-page'), 'SetPasswordPage'),
      access: 'open',
    },
  ],
};
