// What the customers feature offers the rest of the server; other modules import only this.
export { registerCustomerRoutes } from './routes';
export { matchingCustomerPages } from './list';
export { listQuery as customerListQuery } from './schemas';
