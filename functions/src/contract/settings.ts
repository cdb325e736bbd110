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
      /** The WhatsApp Business Account whose approved templates are synced. */
      wabaId: string;
      /** Sent outside the 24-hour window when no template is chosen. */
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
      /** SendGrid's Event Webhook verification key (base64 DER public key); empty: not verified. */
      eventWebhookKey: string;
    };
  };
  fixedPdfs: FixedPdf[];
  /**
   * A customer's message becomes a pending entry only when it starts something: a number the
   * company does not know, or the first message after the conversation was quiet this many days.
   */
  inboundEntryQuietDays: number;
  /** The seller's GSTIN ('' when not registered); its first two digits are `state`. */
  gstin: string;
  legalName: string;
  address: string;
  /** GST state code ('27'): the place of supply quotes compare the customer's with. */
  state: string;
  bank: BankDetails;
  quoteTerms: string;
  quoteValidityDays: number;
  /** Quote numbers start with it: 'Q' gives Q/2026-27/0001. */
  quotePrefix: string;
  broadcasts: BroadcastSettingsView;
  /** Secrets set on the server (Secret Manager): they win over the values saved here. */
  serverSecrets: { sendgridApiKey: boolean; whatsappToken: boolean; whatsappAppSecret: boolean };
}

/**
 * What PUT /admin/settings takes: any part, and what is left out keeps its saved value. A secret
 * sent back masked (as GET answers it) keeps its saved value, '' clears it; a port may be text.
 */
export interface SettingsUpdate extends Partial<
  Pick<
    SettingsView,
    | 'companyName'
    | 'inboundEntryQuietDays'
    | 'adminNumbers'
    | 'adminEmails'
    | 'gstin'
    | 'legalName'
    | 'address'
    | 'state'
    | 'quoteTerms'
    | 'quoteValidityDays'
    | 'quotePrefix'
  >
> {
  notifications?: Partial<SettingsView['notifications']>;
  integrations?: {
    whatsapp?: Partial<Omit<SettingsView['integrations']['whatsapp'], 'defaultTemplate'>> & {
      /** Left out, a parameter is none (null), and a named template's language 'en'. */
      defaultTemplate?: Partial<WhatsAppTemplateLink>;
    };
    email?: Partial<Omit<SettingsView['integrations']['email'], 'smtpPort' | 'imapPort'>> & {
      smtpPort?: number | string;
      imapPort?: number | string;
    };
  };
  /** Each PDF's title may be left out (''). */
  fixedPdfs?: (Partial<FixedPdf> & Pick<FixedPdf, 'url'>)[];
  bank?: Partial<BankDetails>;
  broadcasts?: Partial<Omit<BroadcastSettingsView, 'templatePrices'>> & {
    templatePrices?: Partial<BroadcastSettingsView['templatePrices']>;
  };
}

/** A PDF kept in the settings to attach to messages (a price list, a brochure). */
export interface FixedPdf {
  title: string;
  url: string;
}

/** The bank account a quotation asks to be paid into. */
export interface BankDetails {
  accountName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
  branch: string;
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
