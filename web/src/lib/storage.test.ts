import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  clearSession,
  readStored,
  readStoredJson,
  saveSession,
  useStoredValue,
  writeStoredJson,
} from './storage';

describe('storage', () => {
  it('saves a session and clears only token and role', () => {
    saveSession({ token: 't', role: 'admin' });
    localStorage.setItem('userEmail', 'a@b.c');
    clearSession();
    expect(readStored('token')).toBeNull();
    expect(readStored('role')).toBeNull();
    expect(readStored('userEmail')).toBe('a@b.c');
  });

  it('drops a previous role when a new session has none', () => {
    saveSession({ token: 't1', role: 'admin' });
    saveSession({ token: 't2' });
    expect(readStored('role')).toBeNull();
  });

  it('round-trips JSON and falls back on unreadable values', () => {
    writeStoredJson('tagOptions', ['hot', 'repeat']);
    expect(readStoredJson('tagOptions', [])).toEqual(['hot', 'repeat']);
    localStorage.setItem('customerTags', '{oops');
    expect(readStoredJson('customerTags', ['x'])).toEqual(['x']);
    expect(readStoredJson('rolesUpdated', null)).toBeNull();
  });

  it('re-renders readers on writes in this tab and in other tabs', () => {
    const { result } = renderHook(() => useStoredValue('rolesUpdated'));
    expect(result.current).toBeNull();

    act(() => writeStoredJson('rolesUpdated', 1700000000000));
    expect(result.current).toBe('1700000000000');

    act(() => {
      localStorage.setItem('rolesUpdated', '42');
      window.dispatchEvent(new StorageEvent('storage', { key: 'rolesUpdated' }));
    });
    expect(result.current).toBe('42');
  });
});
