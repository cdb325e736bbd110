// What the settings feature offers the rest of the server; other modules import only this.
export { registerSettingsRoutes } from './routes';
