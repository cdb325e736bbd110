// What the dashboard feature offers the rest of the server; other modules import only this.
export { freshSummaryAfterWrites, storedTotals } from './read';
export { registerDashboardRoutes } from './routes';
export { recomputeDashboard } from './recompute';
