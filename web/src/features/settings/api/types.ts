/** The settings as GET /admin/settings answers them (spec §3); secrets come masked. */
export type Settings = {
  companyName: string;
  adminNumbers: string[];
  adminEmails: string[];
  notifications: { email: boolean; whatsapp: boolean };
  integrations: {
    whatsapp: { verifyToken: string; token: string; phoneNumberId: string; appSecret: string };
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
    };
  };
  fixedPdfs: { title: string; url: string }[];
  /** Secrets set on the server, which win over the saved values. */
  serverSecrets?: { sendgridApiKey: boolean; whatsappToken: boolean; whatsappAppSecret: boolean };
};

/** What PUT /admin/settings takes: any part; what is left out keeps its saved value. */
export type SettingsUpdate = {
  companyName?: string;
  adminNumbers?: string[];
  adminEmails?: string[];
  notifications?: { email: boolean; whatsapp: boolean };
  integrations?: {
    whatsapp?: Partial<Settings['integrations']['whatsapp']>;
    email?: Partial<Record<keyof Settings['integrations']['email'], string | number>>;
  };
  fixedPdfs?: Settings['fixedPdfs'];
};
