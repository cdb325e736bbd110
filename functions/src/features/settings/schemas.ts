// PUT /admin/settings: every field optional (what is left out keeps its stored value), each
// checked with its own message; phones come out in E.164 (India by default), emails lowercased,
// both without duplicates.
import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { hasHiddenCharacter, HIDDEN_CHARACTER_MESSAGE } from '../../hidden-characters';
import { isEmail, toE164 } from '../../integrations/recipients';
import { gstinField, stateField } from '../../http/tax-fields';
import { MAX_QUOTE_VALIDITY_DAYS } from '../../domain/settings/store';
import { MAX_PRICE, MAX_THROUGHPUT, MESSAGING_LIMITS } from '../../domain/settings/store';

export const MAX_CONTACTS = 20;
export const MAX_FIXED_PDFS = 50;

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const phone = z
  .string({ error: 'Phone number must be text' })
  .trim()
  .transform((value, ctx) => {
    if (value === '') return '';
    const e164 = toE164(value);
    if (!e164) {
      ctx.issues.push({
        code: 'custom',
        message: `Not a valid phone number: ${value}`,
        input: value,
      });
      return z.NEVER;
    }
    return e164;
  });

const email = z
  .string({ error: 'Email must be text' })
  .trim()
  .toLowerCase()
  .refine((value) => value === '' || isEmail(value), 'Not a valid email address');

const uniqueNonEmpty = (list: string[]) => [...new Set(list.filter((v) => v !== ''))];

const port = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be a number from 1 to 65535` })
    .transform((value, ctx) => {
      const n = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
      if (!Number.isInteger(n) || n < 1 || n > 65535) {
        ctx.issues.push({
          code: 'custom',
          message: `${label} must be a whole number from 1 to 65535`,
          input: value,
        });
        return z.NEVER;
      }
      return n;
    });

const host = (label: string) =>
  text(253, label).refine(
    (value) => value === '' || /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/.test(value),
    `${label} must be a host name like smtp.example.com`,
  );

const templateParam = z
  .number({ error: 'A parameter is a number from 1 to 20' })
  .int('A parameter is a number from 1 to 20')
  .min(1, 'A parameter is a number from 1 to 20')
  .max(20, 'A parameter is a number from 1 to 20')
  .nullable();

/** An approved template and the parameters that take the typed text and the customer's name. */
export const templateLinkSchema = z
  .object(
    {
      name: text(512, 'Template name').default(''),
      language: text(16, 'Template language').default(''),
      textParam: templateParam.default(null),
      nameParam: templateParam.default(null),
    },
    { error: 'The template must be an object' },
  )
  .refine(
    (t) => t.textParam === null || t.textParam !== t.nameParam,
    'The text and the name need different parameters',
  )
  .transform((t) => (t.name ? { ...t, language: t.language || 'en' } : t));

/** A write-only value: the masked value sent back keeps the stored one, '' clears it. */
const secret = (label: string) => text(4096, label);

const fixedPdf = z.object({
  title: text(200, 'Title')
    .refine((value) => !hasHiddenCharacter(value), `Title ${HIDDEN_CHARACTER_MESSAGE}`)
    .default(''),
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .refine(
      (value) => /^https?:\/\/\S+$/i.test(value) || /^\/\S*$/.test(value),
      'URL must start with http://, https:// or /',
    ),
});

const price = (label: string) =>
  z
    .number({ error: `${label}: paise per 100 messages, a whole number` })
    .int(`${label}: paise per 100 messages, a whole number`)
    .min(0, `${label} cannot be below 0`)
    .max(MAX_PRICE, `${label} must be at most ${MAX_PRICE} paise per 100 messages`);

const broadcasts = z.object(
  {
    throughputPerSecond: z
      .number({ error: 'Throughput: messages a second, a whole number from 1 to 1000' })
      .int('Throughput: messages a second, a whole number from 1 to 1000')
      .min(1, 'Throughput: messages a second, a whole number from 1 to 1000')
      .max(MAX_THROUGHPUT, 'Throughput: messages a second, a whole number from 1 to 1000')
      .optional(),
    messagingLimit: z
      .number()
      .nullable()
      .refine((v) => v === null || MESSAGING_LIMITS.some((tier) => tier === v), {
        error: `Messaging limit: one of ${MESSAGING_LIMITS.join(', ')}, or null for unlimited`,
      })
      .optional(),
    templatePrices: z
      .object(
        {
          marketing: price('Marketing price').optional(),
          utility: price('Utility price').optional(),
          authentication: price('Authentication price').optional(),
        },
        { error: 'Template prices must be an object' },
      )
      .optional(),
  },
  { error: 'Broadcast settings must be an object' },
);

export const updateSettingsSchema = bodySchema(
  'PUT /admin/settings',
  z.object({
    companyName: text(120, 'Company name').optional(),
    inboundEntryQuietDays: z
      .number({ error: 'Quiet days must be a whole number of days' })
      .int('Quiet days must be a whole number of days')
      .min(1, 'Quiet days: at least 1')
      .max(365, 'Quiet days: at most 365')
      .optional(),
    adminNumbers: z
      .array(phone, { error: 'Admin numbers must be a list' })
      .max(MAX_CONTACTS, `At most ${MAX_CONTACTS} admin numbers`)
      .transform(uniqueNonEmpty)
      .optional(),
    adminEmails: z
      .array(email, { error: 'Admin emails must be a list' })
      .max(MAX_CONTACTS, `At most ${MAX_CONTACTS} admin emails`)
      .transform(uniqueNonEmpty)
      .optional(),
    notifications: z
      .object(
        {
          email: z.boolean({ error: 'Must be true or false' }).optional(),
          whatsapp: z.boolean({ error: 'Must be true or false' }).optional(),
        },
        { error: 'Notifications must be an object' },
      )
      .optional(),
    integrations: z
      .object(
        {
          whatsapp: z
            .object(
              {
                verifyToken: text(256, 'Verify token').optional(),
                token: secret('Access token').optional(),
                phoneNumberId: text(64, 'Phone number ID')
                  .refine((v) => /^\d*$/.test(v), 'Phone number ID is digits only')
                  .optional(),
                appSecret: secret('App secret').optional(),
                wabaId: text(64, 'WhatsApp Business Account ID')
                  .refine((v) => /^\d*$/.test(v), 'WhatsApp Business Account ID is digits only')
                  .optional(),
                defaultTemplate: templateLinkSchema.optional(),
              },
              { error: 'WhatsApp settings must be an object' },
            )
            .optional(),
          email: z
            .object(
              {
                smtpHost: host('SMTP host').optional(),
                smtpPort: port('SMTP port').optional(),
                smtpUser: text(256, 'SMTP user').optional(),
                smtpPass: secret('SMTP password').optional(),
                imapHost: host('IMAP host').optional(),
                imapPort: port('IMAP port').optional(),
                imapUser: text(256, 'IMAP user').optional(),
                imapPass: secret('IMAP password').optional(),
                fromEmail: email.optional(),
                fromName: text(120, 'From name').optional(),
                eventWebhookKey: text(1024, 'Event webhook verification key')
                  .refine(
                    (v) => v === '' || /^[A-Za-z0-9+/=\s-]+$/.test(v),
                    'The verification key is the base64 text SendGrid shows',
                  )
                  .optional(),
              },
              { error: 'Email settings must be an object' },
            )
            .optional(),
        },
        { error: 'Integrations must be an object' },
      )
      .optional(),
    fixedPdfs: z
      .array(fixedPdf, { error: 'Fixed PDFs must be a list' })
      .max(MAX_FIXED_PDFS, `At most ${MAX_FIXED_PDFS} fixed PDFs`)
      .optional(),
    gstin: gstinField.optional(),
    legalName: text(200, 'Legal name').optional(),
    address: text(1000, 'Address').optional(),
    state: stateField.optional(),
    bank: z
      .object(
        {
          accountName: text(200, 'Account name').optional(),
          bankName: text(200, 'Bank name').optional(),
          accountNumber: text(34, 'Account number')
            .refine((v) => /^[0-9A-Za-z]*$/.test(v), 'An account number is letters and digits')
            .optional(),
          ifsc: text(11, 'IFSC')
            .transform((v) => v.toUpperCase())
            .refine(
              (v) => v === '' || /^[A-Z]{4}0[A-Z0-9]{6}$/.test(v),
              'An IFSC is like SBIN0001234',
            )
            .optional(),
          branch: text(200, 'Branch').optional(),
        },
        { error: 'Bank details must be an object' },
      )
      .optional(),
    quoteTerms: text(4000, 'Quotation terms').optional(),
    quoteValidityDays: z
      .number({ error: 'Validity is a number of days' })
      .int('Validity is a whole number of days')
      .min(1, 'Validity is at least 1 day')
      .max(MAX_QUOTE_VALIDITY_DAYS, `Validity is at most ${MAX_QUOTE_VALIDITY_DAYS} days`)
      .optional(),
    quotePrefix: text(10, 'Quotation prefix')
      .refine((v) => /^[A-Za-z0-9-]+$/.test(v), 'A prefix is letters, digits and dashes, like Q')
      .optional(),
    broadcasts: broadcasts.optional(),
  }),
);

export type UpdateSettingsInput = z.output<typeof updateSettingsSchema>;
