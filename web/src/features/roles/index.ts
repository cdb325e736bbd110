// The Roles screen.
export { RolesPage } from './components/roles-page';
