// The Information screen.
export { InformationPage } from './components/information-page';
