// The Users screen.
export { UsersPage } from './components/users-page';
