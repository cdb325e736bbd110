// What the saved-searches feature offers the rest of the server; other modules import only this.
export { registerSavedSearchRoutes } from './routes';
