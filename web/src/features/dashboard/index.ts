// The Dashboard screen.
export { DashboardPage } from './components/dashboard-page';
