// What the products feature offers the rest of the server; other modules import only this.
export { registerProductRoutes } from './routes';
export { gstBpField, hsnField, hasDecimals, ratePaiseField, unitField } from './schemas';
