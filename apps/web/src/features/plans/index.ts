/** What other parts of the web app may use from the plans feature. */
export { plansFeature } from './routes';
