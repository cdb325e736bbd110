// What the saved-replies feature offers the rest of the server; other modules import only this.
export { registerSavedReplyRoutes } from './routes';
