export type { User } from '../../../resources/users';
export type { Role } from '../../../resources/roles';
