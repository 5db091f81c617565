/** What other parts of the web app may use from the auth feature. */
export { authFeature } from './routes';
export { authApi } from './api';
// The pages the server draws ahead of time (app/prerender.tsx); the app itself loads them on demand.
export { LoginPage } from './pages/login-page';
export { SignupPage } from './pages/signup-page';
