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
};
