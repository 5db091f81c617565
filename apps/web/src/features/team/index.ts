/** What other parts of the web app may use from the team feature. */
export { teamFeature } from './routes';
export { usePeopleOptions } from './api';
