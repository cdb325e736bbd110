// The contract of the outside-message senders (WhatsApp Cloud API, SendGrid / SMTP). The
// admin-configuration feature implements it in ./index.ts; accounts (OTP), entries,
// follow-ups and notifications use it. A provider error or timeout is a failed outcome,
// never a thrown error.

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingEmail {
  to: string[];
  subject: string;
  html: string;
  text?: string;
  attachments?: EmailAttachment[];
}

export interface OutgoingWhatsApp {
  /** E.164 phone number. */
  to: string;
  text?: string;
  template?: { name: string; language: string; parameters?: string[] };
  media?: {
    link: string;
    type: 'image' | 'video' | 'document';
    filename?: string;
    caption?: string;
  };
}

export type SendOutcome =
  | { ok: true; provider: string; messageId: string }
  | { ok: false; provider: string; error: string };
