// What the inbound feature offers the rest of the server; other modules import only this.
export { importInboundEmail } from './email-inbox';
export { registerWhatsAppWebhookRoutes } from './whatsapp-webhook';
