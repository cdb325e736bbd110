// WhatsApp pieces other screens use: the composers' preview and approved-template choice, the
// Templates screen's catalog and the template link fields (Templates and Integrations).
export { ApprovedTemplateSelect } from './components/approved-template-select';
export { CatalogPanel } from './components/catalog-panel';
export { TemplateLinkFields } from './components/template-link-fields';
export { WhatsAppPreviewPanel } from './components/whatsapp-preview';
export { windowLabel } from './model/window-label';
export type {
  CatalogTemplate,
  PreviewRequest,
  TemplateLink,
  WhatsAppPreview,
  WindowState,
} from './api/types';
