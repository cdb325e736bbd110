import type { Settings } from '../../../resources/settings';

export type { Settings } from '../../../resources/settings';

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
} & Partial<Pick<Settings, TaxSettingKey>> & { bank?: Partial<Settings['bank']> };

/** The seller's tax details and quotation defaults (their own form). */
export type TaxSettingKey =
  'gstin' | 'legalName' | 'address' | 'state' | 'quoteTerms' | 'quoteValidityDays' | 'quotePrefix';
