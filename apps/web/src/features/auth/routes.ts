import { pages, type Feature } from '@/lib/feature';

/** Sign-in, sign-up and password pages, loaded on demand. */
export const authFeature: Feature = {
  name: 'auth',
  routes: [
    ...pages('guest', {
      login: [() => import('./pages/login-page'), 'LoginPage'],
      signup: [() => import('./pages/signup-page'), 'SignupPage'],
      'forgot-password': [() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'],
    }),
    // A link from an e-mail: it works signed in or not.
    ...pages('open', {
      'set-password': [() => import('./pages/set-password-page'), 'SetPasswordPage'],
    }),
  ],
};
