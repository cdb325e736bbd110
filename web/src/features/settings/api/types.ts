import type { SettingsView } from '../../../../../functions/src/contract/settings';

/** The settings as GET /admin/settings answers them; secrets come masked. */
export type Settings = SettingsView;

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
