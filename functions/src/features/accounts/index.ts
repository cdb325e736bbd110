// What the accounts feature offers the rest of the server; other modules import only this.
export { registerAccountRoutes } from './routes';
export { sessionMiddleware } from './session-middleware';
