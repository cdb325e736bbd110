// What the roles feature offers the rest of the server; other modules import only this.
export { registerRoleRoutes } from './routes';
