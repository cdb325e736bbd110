// What the templates feature offers the rest of the server; other modules import only this.
export { registerTemplateRoutes } from './routes';
export { getTemplate } from './service';
