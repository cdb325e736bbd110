// Entry lists shared by the server, the dashboard and the web app (spec §3). Like everything in
// contract/, plain TypeScript without imports: web/ imports it by relative path.

/** Entry process options, in the order of the dashboard's funnel. */
export const PROCESSES = [
  'Lead Generation',
  'Follow-up',
  'Quotation',
  'Negotiation',
  'Closing',
  'Onboarding',
  'After-Sales Support',
  'Other',
] as const;

export const CHANNELS = ['whatsapp', 'email', 'multiple', 'manual', 'other'] as const;
export type Channel = (typeof CHANNELS)[number];

export const STATUSES = ['pending', 'approved', 'confirmed', 'cancelled'] as const;
export type EntryStatus = (typeof STATUSES)[number];
