/** What other parts of the web app may use from the subscriptions feature. */
export { subscriptionsFeature } from './routes';
