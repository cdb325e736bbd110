// What the conversations feature offers the rest of the server; other modules import only this.
export { registerConversationRoutes } from './routes';
