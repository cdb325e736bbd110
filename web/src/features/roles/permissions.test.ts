import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  mergePermissions,
  normaliseRoleName,
  parseRolesFile,
  rolesExportFileName,
  rolesExportJson,
  splitPermissions,
} from './permissions';

describe('role permissions', () => {
  it('splits comma text, trimming and dropping empties', () => {
    expect(splitPermissions(' customers.read ,, entries.write,  ')).toEqual([
      'customers.read',
      'entries.write',
    ]);
    expect(splitPermissions('')).toEqual([]);
  });

  it('merges typed and picked lists without duplicates, keeping order', () => {
    expect(
      mergePermissions(
        ['customers.read', 'entries.write'],
        ['entries.write', '*', 'customers.read'],
      ),
    ).toEqual(['customers.read', 'entries.write', '*']);
  });

  it('stores role names trimmed and lower-case', () => {
    expect(normaliseRoleName('  Field Sales ')).toBe('field sales');
  });

  it('has the whole catalogue, * included', () => {
    // The 23 before, products.write (quotations) and broadcasts.send.
    expect(ALL_PERMISSIONS).toHaveLength(25);
    expect(ALL_PERMISSIONS).toContain('*');
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });
});

describe('roles import file', () => {
  it('reads an array: skips entries without a name, lower-cases names, non-list permissions become empty', () => {
    const file = JSON.stringify([
      { name: ' Support ', permissions: ['customers.read', ' entries.read ', 'customers.read'] },
      { permissions: ['x'] },
      { name: '   ' },
      null,
      'text',
      { name: 'Auditor', permissions: 'reports.read' },
      { name: 'viewer', permissions: ['reports.read', 42] },
    ]);
    expect(parseRolesFile(file)).toEqual([
      { name: 'support', permissions: ['customers.read', 'entries.read'] },
      { name: 'auditor', permissions: [] },
      { name: 'viewer', permissions: ['reports.read'] },
    ]);
  });

  it("refuses anything but an array with 'Invalid file'", () => {
    expect(() => parseRolesFile('{"name":"sales"}')).toThrow('Invalid file');
    expect(() => parseRolesFile('null')).toThrow('Invalid file');
  });

  it('passes the parser error on for a file that is not JSON', () => {
    expect(() => parseRolesFile('not json')).toThrow(SyntaxError);
  });

  it('round-trips an export and names it roles_export_<timestamp>.json', () => {
    const roles = [{ name: 'sales', permissions: ['customers.read'], _id: 'r1', usersCount: 2 }];
    const json = rolesExportJson(roles);
    expect(JSON.parse(json)).toEqual([{ name: 'sales', permissions: ['customers.read'] }]);
    expect(parseRolesFile(json)).toEqual([{ name: 'sales', permissions: ['customers.read'] }]);
    expect(rolesExportFileName(1732233600000)).toBe('roles_export_1732233600000.json');
  });
});
