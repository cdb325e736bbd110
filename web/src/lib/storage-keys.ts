// Apart from storage.ts (which brings React for its hook), so that the page's first script
// (app/boot/) reads the stored session without it.
/** Browser storage keys of the client. */
export const STORAGE_KEYS = {
  token: 'token',
  role: 'role',
  /** The session's permissions as its sign-in answered them (a JSON list). */
  permissions: 'permissions',
  userEmail: 'userEmail',
  userName: 'userName',
  customerTags: 'customerTags',
  tagOptions: 'tagOptions',
  /** The Customers screen's local potential list (categories live under customerTags). */
  potentialOptions: 'potentialOptions',
  rolesUpdated: 'rolesUpdated',
  /** The channels this person chose on their last Add Entry ({ whatsapp, email }). */
  entryChannels: 'entryChannels',
  /** The company's time zone as the public settings last named it (company-time.ts). */
  companyTimeZone: 'companyTimeZone',
} as const;
