// The Integrations screen.
export { IntegrationsPage } from './components/integrations-page';
