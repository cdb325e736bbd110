// What the API shows of the settings: everything an admin saved, with the four secrets masked,
// and which secrets the server's own configuration overrides.
import {
  secretOverride,
  sendgridApiKey,
  whatsappAppSecret,
  whatsappToken,
} from '../../integrations/secrets';
import type { SettingsView } from '../../contract/settings';
import type { CompanySettings, IntegrationSecrets } from '../../domain/settings/store';
import type { UpdateSettingsInput } from './schemas';

export type { SettingsView } from '../../contract/settings';

export const MASK = '••••';

/** '••••' + the last 4 characters for long secrets; short ones show nothing of themselves. */
export function maskSecret(value: string): string {
  if (!value) return '';
  return value.length >= 12 ? `${MASK}${value.slice(-4)}` : `${MASK}${MASK}`;
}

/** A value the client got from us masked (nobody types '••••' into a password field). */
export const isMasked = (value: string): boolean => value.startsWith(MASK);

export function settingsView(settings: CompanySettings, secrets: IntegrationSecrets): SettingsView {
  const { whatsapp, email } = settings.integrations;
  return {
    companyName: settings.companyName,
    inboundEntryQuietDays: settings.inboundEntryQuietDays,
    adminNumbers: settings.adminNumbers,
    adminEmails: settings.adminEmails,
    notifications: settings.notifications,
    integrations: {
      whatsapp: {
        verifyToken: whatsapp.verifyToken,
        token: maskSecret(secrets.whatsappToken),
        phoneNumberId: whatsapp.phoneNumberId,
        appSecret: maskSecret(secrets.whatsappAppSecret),
        wabaId: whatsapp.wabaId,
        defaultTemplate: whatsapp.defaultTemplate,
      },
      email: {
        smtpHost: email.smtpHost,
        smtpPort: email.smtpPort,
        smtpUser: email.smtpUser,
        smtpPass: maskSecret(secrets.smtpPass),
        imapHost: email.imapHost,
        imapPort: email.imapPort,
        imapUser: email.imapUser,
        imapPass: maskSecret(secrets.imapPass),
        fromEmail: email.fromEmail,
        fromName: email.fromName,
        eventWebhookKey: email.eventWebhookKey,
      },
    },
    fixedPdfs: settings.fixedPdfs,
    gstin: settings.gstin,
    legalName: settings.legalName,
    address: settings.address,
    state: settings.state,
    bank: settings.bank,
    quoteTerms: settings.quoteTerms,
    quoteValidityDays: settings.quoteValidityDays,
    quotePrefix: settings.quotePrefix,
    broadcasts: settings.broadcasts,
    serverSecrets: {
      sendgridApiKey: secretOverride(sendgridApiKey) !== undefined,
      whatsappToken: secretOverride(whatsappToken) !== undefined,
      whatsappAppSecret: secretOverride(whatsappAppSecret) !== undefined,
    },
  };
}

/** A secret after a save: unchanged when left out or sent back masked. */
function nextSecret(sent: string | undefined, stored: string): string {
  return sent === undefined || isMasked(sent) ? stored : sent;
}

/** The fields of `value` that were given (an optional field left out keeps the stored one). */
function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The stored settings and secrets with a validated update applied. */
export function applyUpdate(
  settings: CompanySettings,
  secrets: IntegrationSecrets,
  input: UpdateSettingsInput,
): { settings: CompanySettings; secrets: IntegrationSecrets } {
  const { whatsapp = {}, email = {} } = input.integrations ?? {};
  const { token, appSecret, ...whatsappRest } = whatsapp;
  const { smtpPass, imapPass, ...emailRest } = email;
  return {
    settings: {
      companyName: input.companyName ?? settings.companyName,
      inboundEntryQuietDays: input.inboundEntryQuietDays ?? settings.inboundEntryQuietDays,
      adminNumbers: input.adminNumbers ?? settings.adminNumbers,
      adminEmails: input.adminEmails ?? settings.adminEmails,
      notifications: { ...settings.notifications, ...input.notifications },
      integrations: {
        whatsapp: { ...settings.integrations.whatsapp, ...whatsappRest },
        email: { ...settings.integrations.email, ...emailRest },
      },
      fixedPdfs: input.fixedPdfs ?? settings.fixedPdfs,
      ...quoteSettings(settings, input),
      broadcasts: {
        ...settings.broadcasts,
        ...withoutUndefined({
          throughputPerSecond: input.broadcasts?.throughputPerSecond,
          messagingLimit: input.broadcasts?.messagingLimit,
        }),
        templatePrices: {
          ...settings.broadcasts.templatePrices,
          ...withoutUndefined(input.broadcasts?.templatePrices ?? {}),
        },
      },
    },
    secrets: {
      whatsappToken: nextSecret(token, secrets.whatsappToken),
      whatsappAppSecret: nextSecret(appSecret, secrets.whatsappAppSecret),
      smtpPass: nextSecret(smtpPass, secrets.smtpPass),
      imapPass: nextSecret(imapPass, secrets.imapPass),
    },
  };
}

/** The tax and quotation fields after a save; the state follows a GSTIN when one is given. */
function quoteSettings(settings: CompanySettings, input: UpdateSettingsInput) {
  const gstin = input.gstin ?? settings.gstin;
  return {
    gstin,
    legalName: input.legalName ?? settings.legalName,
    address: input.address ?? settings.address,
    state: gstin ? gstin.slice(0, 2) : (input.state ?? settings.state),
    bank: { ...settings.bank, ...input.bank },
    quoteTerms: input.quoteTerms ?? settings.quoteTerms,
    quoteValidityDays: input.quoteValidityDays ?? settings.quoteValidityDays,
    quotePrefix: input.quotePrefix ?? settings.quotePrefix,
  };
}
