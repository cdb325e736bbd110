// The Settings screen.
export { SettingsPage } from './components/settings-page';
