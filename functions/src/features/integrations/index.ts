// What the integrations feature offers the rest of the server; other modules import only this.
export { registerIntegrationRoutes } from './routes';
