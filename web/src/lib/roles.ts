// The one role name the screens check themselves; every other role is defined by its
// permissions (spec §3). Lives in lib so features and app/ share it without importing each other.
export const ADMIN_ROLE = 'admin';
