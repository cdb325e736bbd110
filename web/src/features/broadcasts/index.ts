// Broadcasts: the composer and the reports (issue 45).
export { BroadcastsPage } from './components/broadcasts-page';
