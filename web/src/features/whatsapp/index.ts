// WhatsApp pieces other screens use: the composers' preview and the approved templates, the
// Templates screen's catalog and the template link fields (Templates and Integrations).
export { useApprovedTemplates } from './api/get-catalog';
export { CatalogPanel } from './components/catalog-panel';
export { TemplateLinkFields } from './components/template-link-fields';
export { WhatsAppPreviewPanel } from './components/whatsapp-preview';
export { isMetaSample } from './model/meta-samples';
export { windowLabel } from './model/window-label';
export type {
  CatalogTemplate,
  PreviewRequest,
  TemplateLink,
  WhatsAppPreview,
  WindowState,
} from './api/types';
