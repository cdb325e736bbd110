// What a message is made of: a WhatsApp text, approved template or file, and the plan the
// sending rules (features/messaging/whatsapp-plan.ts) make of a request.
export interface PlannedAttachment {
  name: string;
  url: string;
  mimetype: string;
  size?: number;
}

export type WhatsAppPart =
  | { kind: 'text'; text: string }
  | {
      kind: 'template';
      name: string;
      language: string;
      parameters: string[];
      /** A template approved with a DOCUMENT header: the file that goes in it. */
      document?: PlannedAttachment;
      /** A template approved with an IMAGE header: the picture that goes in it. */
      image?: PlannedAttachment;
    }
  | { kind: 'media'; attachment: PlannedAttachment; caption?: string };

export interface WhatsAppPlan {
  parts: WhatsAppPart[];
  window: { open: boolean; openUntil: string | null };
  /** What the customer will read: the text, or the template's body filled in. */
  preview: string;
  /** The template that goes, if one does. */
  template?: { name: string; language: string };
  /** Why nothing goes (the entry is still saved). */
  notSent?: string;
  /** What of the request stays behind (attachments outside the window). */
  skipped?: string;
}
