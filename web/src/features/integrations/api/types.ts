import type { WhatsAppTemplateLink } from '@contract/settings';

export type { TestResult } from '@contract/answers';

/** The integrations part of GET /admin/settings; secrets come masked. */
export type WhatsAppIntegration = {
  verifyToken: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** The WhatsApp Business Account whose approved templates are synced (digits). */
  wabaId: string;
  /** Sent outside the 24-hour window when no template is chosen; an empty name is none. */
  defaultTemplate: WhatsAppTemplateLink;
};

export type EmailIntegration = {
  smtpHost: string;
  smtpPort: number | string;
  smtpUser: string;
  smtpPass: string;
  imapHost: string;
  imapPort: number | string;
  imapUser: string;
  imapPass: string;
  fromEmail: string;
  fromName: string;
  /** SendGrid's Event Webhook verification key (base64); empty: events are refused. */
  eventWebhookKey: string;
};

export type Integrations = { whatsapp: WhatsAppIntegration; email: EmailIntegration };

/** The settings answer, as far as this screen reads it. */
export type IntegrationSettings = {
  integrations: Integrations;
  adminNumbers: string[];
  adminEmails: string[];
  serverSecrets?: { sendgridApiKey: boolean; whatsappToken: boolean; whatsappAppSecret: boolean };
};
