// What the quotes feature offers the rest of the server; other modules import only this.
export { registerQuoteRoutes } from './routes';
export { quotePdfFile } from './pdf-file';
