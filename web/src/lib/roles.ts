// The one role name the screens check themselves; every other role is defined by its
// permissions. Lives in lib so features and app/ share it without importing each other.
export const ADMIN_ROLE = 'admin';
