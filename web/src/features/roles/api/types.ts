export type { Role } from '../../../resources/roles';
export type { User } from '../../../resources/users';
