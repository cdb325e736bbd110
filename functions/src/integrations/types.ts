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
  /** Comes back on the provider's events (SendGrid custom_args): the queued message's id. */
  trackingId?: string;
  subject: string;
  html: string;
  text?: string;
  attachments?: EmailAttachment[];
}

export interface OutgoingWhatsApp {
  /** E.164 phone number. */
  to: string;
  /** Comes back on the message's status callbacks (biz_opaque_callback_data). */
  trackingId?: string;
  text?: string;
  template?: {
    name: string;
    language: string;
    parameters?: string[];
    /**
     * A media header's file: templates approved with a DOCUMENT or IMAGE header need one (a
     * filename goes with a document only).
     */
    header?: { type: 'document' | 'image'; link: string; filename?: string };
  };
  media?: {
    link: string;
    type: 'image' | 'video' | 'document';
    filename?: string;
    caption?: string;
  };
}

/**
 * Why a send did not go through, as far as the provider's answer tells:
 * - 'refused': the provider answered and did not take the message;
 * - 'retry': it surely did not take it, and asks (or the network suggests) to try again later;
 * - 'unknown': no answer came (a time-out, a connection cut mid-request): it may have been taken.
 */
export type FailureKind = 'refused' | 'retry' | 'unknown';

export type SendOutcome =
  | { ok: true; provider: string; messageId: string }
  | {
      ok: false;
      provider: string;
      error: string;
      kind?: FailureKind;
      /** The provider's own error code (Graph's error.code, an HTTP status). */
      code?: number;
      /** How long the provider asked to wait before trying again. */
      retryAfterMs?: number;
    };

export type FailedSend = Extract<SendOutcome, { ok: false }>;
