// The accounts feature's pure parts: permissions, phone numbers, identifiers, the clock, the
// client address and the sign-in endpoint.
import type { Request } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { now, setClock } from '../../src/clock';
import { clientIp } from '../../src/features/accounts/client-ip';
import { identityToolkitUrl } from '../../src/features/accounts/identity-toolkit';
import { parseIdentifier } from '../../src/features/accounts/identifier';
import {
  effectivePermissions,
  isKnownPermission,
  normalizePermissions,
  normalizeRoleName,
  PERMISSION_CATALOGUE,
} from '../../src/domain/identity/permissions';
import { formatPhone, toE164 } from '../../src/domain/identity/phone';

afterEach(() => setClock());

describe('permissions', () => {
  it('holds the permission catalogue and *', () => {
    // The 23 before, products.write (quotations) and broadcasts.send.
    expect(PERMISSION_CATALOGUE).toHaveLength(25);
    expect(isKnownPermission('reports.export')).toBe(true);
    expect(isKnownPermission('*')).toBe(true);
    expect(isKnownPermission('reports.delete')).toBe(false);
  });

  it('gives admin * whatever its list, anyone else the baseline plus the list', () => {
    expect(effectivePermissions(' Admin ', [])).toEqual(['*']);
    expect(effectivePermissions('support', ['reports.read', 'customers.read'])).toEqual([
      'customers.read',
      'customers.write',
      'entries.read',
      'entries.write',
      'templates.read',
      'reports.read',
    ]);
  });

  it('normalises names and lists', () => {
    expect(normalizeRoleName('  Team Lead ')).toBe('team lead');
    expect(normalizePermissions([' a ', 'a', '', 'b'])).toEqual(['a', 'b']);
  });
});

describe('toE164', () => {
  it.each([
    ['9876543210', '+919876543210'],
    ['098765 43210', '+919876543210'],
    ['+91-98765-43210', '+919876543210'],
    ['+1 (650) 253-0000', '+16502530000'],
    ['12345', undefined],
    ['phone', undefined],
  ])('%s -> %s', (input, expected) => {
    expect(toE164(input)).toBe(expected);
  });
});

describe('formatPhone (notification texts)', () => {
  it.each([
    ['+919810185084', '+91 98101 85084'],
    ['+16502530000', '+1 650 253 0000'],
    ['not a phone', 'not a phone'],
  ])('%s -> %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('parseIdentifier', () => {
  it('reads emails (lowercased) and phones (E.164)', () => {
    expect(parseIdentifier(' A@Example.IN ')).toEqual({ channel: 'email', value: 'a@example.in' });
    expect(parseIdentifier('98765 43210')).toEqual({
      channel: 'whatsapp',
      value: '+919876543210',
    });
    expect(() => parseIdentifier('a@b')).toThrow('Enter a valid email or phone number');
  });
});

describe('the clock', () => {
  it('is Date.now until a test sets it', () => {
    const before = Date.now();
    expect(now()).toBeGreaterThanOrEqual(before);
    setClock(() => 42);
    expect(now()).toBe(42);
    setClock();
    expect(now()).toBeGreaterThanOrEqual(before);
  });
});

describe('clientIp', () => {
  const req = (headers: Record<string, string>) =>
    ({
      get: (name: string) => headers[name.toLowerCase()],
      socket: { remoteAddress: '10.0.0.1' },
    }) as unknown as Request;

  it("deployed, takes the X-Forwarded-For entry Google appended, past Hosting's CDN; never Fastly-Client-IP", () => {
    const deployed = { K_SERVICE: 'api' };
    const headers = { 'fastly-client-ip': '1.2.3.4', 'x-forwarded-for': '5.6.7.8, 9.9.9.9' };
    expect(clientIp(req(headers), {})).toBe('10.0.0.1');
    expect(clientIp(req(headers), { ...deployed, FUNCTIONS_EMULATOR: 'true' })).toBe('10.0.0.1');
    expect(clientIp(req(headers), deployed)).toBe('9.9.9.9');
    expect(clientIp(req({ 'x-forwarded-for': '5.6.7.8, 9.9.9.9, 151.101.64.1' }), deployed)).toBe(
      '9.9.9.9',
    );
    expect(clientIp(req({ 'x-forwarded-for': '2001:db8::1, 2a04:4e42::9' }), deployed)).toBe(
      '2001:db8::1',
    );
    expect(
      clientIp(req({ 'x-forwarded-for': '5.6.7.8, 9.9.9.9' }), {
        ...deployed,
        TRUSTED_PROXY_RANGES: '9.9.9.0/24',
      }),
    ).toBe('5.6.7.8');
  });
});

describe('identityToolkitUrl', () => {
  it('uses the Auth emulator when set, else Google with FIREBASE_WEB_API_KEY', () => {
    expect(
      identityToolkitUrl('signInWithPassword', { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toBe(
      'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=emulator',
    );
    expect(identityToolkitUrl('signInWithPassword', { FIREBASE_WEB_API_KEY: 'AIza x' })).toBe(
      'https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=AIza%20x',
    );
    expect(() => identityToolkitUrl('signInWithPassword', {})).toThrow(
      'FIREBASE_WEB_API_KEY is not set',
    );
  });
});
