/** What other parts of the web app may use from the communications feature. */
export { communicationsFeature } from './routes';
