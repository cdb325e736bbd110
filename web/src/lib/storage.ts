import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage-keys';

export { STORAGE_KEYS } from './storage-keys';

export type StorageKey = keyof typeof STORAGE_KEYS;

const ownKeys = new Set<string>(Object.values(STORAGE_KEYS));
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readStored(key: StorageKey): string | null {
  return localStorage.getItem(STORAGE_KEYS[key]);
}

export function writeStored(key: StorageKey, value: string): void {
  localStorage.setItem(STORAGE_KEYS[key], value);
  notify();
}

export function removeStored(...keys: StorageKey[]): void {
  for (const key of keys) localStorage.removeItem(STORAGE_KEYS[key]);
  notify();
}

/** Parsed JSON value of a key; the fallback when it is missing or unreadable. */
export function readStoredJson<T>(key: StorageKey, fallback: T): T {
  const raw = readStored(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeStoredJson(key: StorageKey, value: unknown): void {
  writeStored(key, JSON.stringify(value));
}

export const getToken = (): string | null => readStored('token');
export const getRole = (): string | null => readStored('role');

/**
 * Stores a signed-in session; a missing role or permissions removes any left by a previous
 * user.
 */
export function saveSession({
  token,
  role,
  permissions,
}: {
  token: string;
  role?: string | null;
  permissions?: readonly string[];
}): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  if (role) localStorage.setItem(STORAGE_KEYS.role, role);
  else localStorage.removeItem(STORAGE_KEYS.role);
  if (permissions) localStorage.setItem(STORAGE_KEYS.permissions, JSON.stringify(permissions));
  else localStorage.removeItem(STORAGE_KEYS.permissions);
  notify();
}

/** Removes the stored token, role and permissions (logout, any 401). */
export function clearSession(): void {
  removeStored('token', 'role', 'permissions');
}

/** Calls the listener on writes through this module and on writes from other tabs. */
export function subscribeStorage(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || ownKeys.has(event.key)) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current value of a key, re-rendering when it changes. */
export function useStoredValue(key: StorageKey): string | null {
  return useSyncExternalStore(subscribeStorage, () => readStored(key));
}
