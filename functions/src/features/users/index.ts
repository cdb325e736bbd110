// What the users feature offers the rest of the server; other modules import only this.
export { registerUserRoutes } from './routes';
export { MAX_USERS_LISTED } from '../../domain/identity/user-admin';
