// The Templates screen.
export { TemplatesPage } from './components/templates-page';
