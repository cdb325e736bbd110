// The entries resource: its shapes, what the app reads of entries and what it changes, with
// the cached reads each change refreshes.
export type * from './create-types';
export type * from './list-params';
export type * from './types';
export * from './mutations';
export * from './queries';
