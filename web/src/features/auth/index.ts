// Signing in and out: the Login screen and the server session's end.
export { LoginPage } from './components/login-page';
export { logout } from './api/logout';
export { useKnownPermissions } from './api/known-permissions';
