// The users resource: who the accounts are, and approving or rejecting them.
export * from './mutations';
export * from './queries';
