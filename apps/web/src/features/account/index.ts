/** What other parts of the web app may use from the account feature. */
export { accountFeature } from './routes';
export { accountApi, useUserProfile } from './api';
