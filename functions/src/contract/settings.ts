// The settings as GET /admin/settings answers them, secrets masked. Like everything in contract/,
// plain TypeScript without imports: web/ imports it as @contract/<file>.

export interface SettingsView {
  companyName: string;
  adminNumbers: string[];
  adminEmails: string[];
  notifications: { email: boolean; whatsapp: boolean };
  integrations: {
    whatsapp: {
      verifyToken: string;
      token: string;
      phoneNumberId: string;
      appSecret: string;
      wabaId: string;
      defaultTemplate: WhatsAppTemplateLink;
    };
    email: {
      smtpHost: string;
      smtpPort: number;
      smtpUser: string;
      smtpPass: string;
      imapHost: string;
      imapPort: number;
      imapUser: string;
      imapPass: string;
      fromEmail: string;
      fromName: string;
      eventWebhookKey: string;
    };
  };
  fixedPdfs: { title: string; url: string }[];
  broadcasts: BroadcastSettingsView;
  /** Secrets set on the server (Secret Manager): they win over the values saved here. */
  serverSecrets: { sendgridApiKey: boolean; whatsappToken: boolean; whatsappAppSecret: boolean };
}

/** An approved WhatsApp template and the body parameters that take the text and the name. */
export interface WhatsAppTemplateLink {
  name: string;
  language: string;
  textParam: number | null;
  nameParam: number | null;
}

/**
 * What a broadcast is paced and priced by: messages a second, Meta's messaging limit (unique
 * users outside their window in a moving 24 hours; null: unlimited), and each template
 * category's price per delivered message in paise per 100 messages.
 */
export interface BroadcastSettingsView {
  throughputPerSecond: number;
  messagingLimit: number | null;
  templatePrices: { marketing: number; utility: number; authentication: number };
}
