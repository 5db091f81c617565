/** What other parts of the web app may use from the users feature. */
export { usersFeature } from './routes';
