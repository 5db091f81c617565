import { pages, type Feature } from '@/lib/feature';
import { lazyPage } from '@/lib/lazy-page';

/** Sign-in, sign-up and password pages, loaded on demand. */
export const authFeature: Feature = {
  name: 'auth',
  routes: [
    // The first page of most visits: only its own components' styles (see lazyPage).
    {
      path: 'login',
      page: lazyPage(() => import('./pages/login-page'), 'LoginPage', 'sign-in'),
      access: 'guest',
    },
    ...pages('guest', {
      signup: [() => import('./pages/signup-page'), 'SignupPage'],
      'forgot-password': [() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'],
    }),
    // A link from an e-mail: it works signed in or not.
    ...pages('open', {
      'set-password': [() => import('./pages/set-password-page'), 'SetPasswordPage'],
    }),
  ],
};
