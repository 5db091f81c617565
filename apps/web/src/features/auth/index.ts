/** What other parts of the web app may use from the auth feature. */
export { authFeature } from './routes';
export { authApi } from './api';
