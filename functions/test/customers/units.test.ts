import { describe, expect, it } from 'vitest';
import { startOfDay, isIsoDate, localDate, localIsoTime } from '../../src/company-days';
import { decodeCursor, encodeCursor, listPlans } from '../../src/features/customers/list-plan';
import {
  normalizeCustomerInput,
  normalizeEmail,
  normalizePhone,
  phoneParts,
  potentialRank,
  splitNames,
  splitValues,
} from '../../src/domain/customers/normalize';
import { prepareCustomer } from '../../src/domain/customers/record';
import {
  categoryKeys,
  filterKey,
  MAX_SEARCH_KEYS,
  queryTokens,
  searchKeys,
} from '../../src/domain/customers/search-keys';
import { Timestamp } from 'firebase-admin/firestore';

describe('identity rules', () => {
  it.each([
    ['98765 43210', '+919876543210'],
    ['+91 98765-43210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['0091 98765 43210', '+919876543210'],
    ['(022) 2345 6789', '+912223456789'],
    ['+1 (415) 555-2671', '+14155552671'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('reads the phone %s as %s', (raw, e164) => {
    expect(normalizePhone(raw)).toBe(e164);
  });

  it.each(['12345', '98765', 'abc', '1-800-FLOWERS', '+91 98765', ''])(
    'refuses the phone %j',
    (raw) => {
      expect(normalizePhone(raw)).toBeNull();
    },
  );

  it('trims, lowercases and checks emails', () => {
    expect(normalizeEmail('  Ravi.Sharma@Example.IN ')).toBe('ravi.sharma@example.in');
    for (const bad of ['ravi', 'ravi@', '@x.in', 'a b@x.in', 'ravi@x'])
      expect(normalizeEmail(bad)).toBeNull();
  });

  it('splits cells, and keeps commas in names', () => {
    expect(splitValues(' a; b,c|d\ne\r\n\r\nf ')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(splitNames('Sharma, Ravi; ABC Foods, Pune|X\nY')).toEqual([
      'Sharma, Ravi',
      'ABC Foods, Pune',
      'X',
      'Y',
    ]);
  });

  it('normalises a whole input, dropping duplicates and naming bad values', () => {
    const { fields, issues } = normalizeCustomerInput({
      names: [' Ravi  Sharma', 'ravi sharma', ''],
      phones: ['9876543210', '+919876543210', 'x1'],
      emails: ['A@x.in', 'a@X.in'],
      categories: ['ss pump', 'SS PUMP', ' Boilers '],
      potential: 'n/i but future potential',
      note: '  hi ',
    });
    expect(fields).toEqual({
      names: ['Ravi Sharma'],
      phones: ['+919876543210'],
      emails: ['a@x.in'],
      categories: ['SS PUMP', 'Boilers'],
      potential: 'N/I BUT FUTURE POTENTIAL',
      note: 'hi',
    });
    expect(issues).toEqual([{ path: ['phones', 2], message: 'Invalid phone number: x1' }]);
    expect(
      normalizeCustomerInput({
        phones: Array.from({ length: 51 }, (_, i) => `98${String(i).padStart(8, '0')}`),
      }).issues,
    ).toEqual([{ path: ['phones'], message: 'At most 50 phones per customer' }]);
  });

  it('ranks potentials in the list order, unknown last', () => {
    expect(
      ['VIP', 'hot', 'WARM', 'COLD', 'N/I BUT FUTURE POTENTIAL', 'N/A', 'Lukewarm', ''].map(
        potentialRank,
      ),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 6]);
  });

  it('splits E.164 phones at the calling code', () => {
    expect(phoneParts('+919876543210')).toEqual({
      nationalNumber: '9876543210',
      callingCode: '91',
    });
    expect(phoneParts('+14155552671')).toEqual({ nationalNumber: '4155552671', callingCode: '1' });
    expect(phoneParts('+390612345678')).toEqual({
      nationalNumber: '0612345678',
      callingCode: '39',
    });
    expect(phoneParts('+9715012345678')).toEqual({
      nationalNumber: '5012345678',
      callingCode: '971',
    });
  });
});

describe('search keys', () => {
  it('cover word prefixes, email prefixes and phone digit runs', () => {
    const keys = searchKeys({
      names: ['Ravi Kumar'],
      phones: ['+919876543210'],
      emails: ['rk@x.in'],
    });
    for (const k of ['r', 'ra', 'ravi', 'ravi k', 'ravi kumar', 'k', 'kumar', 'rk', 'rk@x.in'])
      expect(keys).toContain(k);
    for (const k of ['987', '3210', '76543', '9876543210', '09876543210', '919', '919876543210'])
      expect(keys).toContain(k);
    expect(keys).not.toContain('98'); // phone runs start at 3 digits
    expect(keys).not.toContain('umar'); // names match from the start of a word
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('stay bounded, keeping the first values whole', () => {
    const keys = searchKeys({
      names: Array.from({ length: 50 }, (_, i) => `Name Number ${i} With Several Long Words ${i}`),
      phones: Array.from({ length: 50 }, (_, i) => `+9198${String(i).padStart(8, '0')}`),
      emails: Array.from({ length: 50 }, (_, i) => `someone.rather.long${i}@example.in`),
    });
    expect(keys.length).toBe(MAX_SEARCH_KEYS);
    expect(keys).toContain('name number 0 with several long words 0'.slice(0, 40).trimEnd());
    expect(keys).toContain('9800000000');
    expect(keys).toContain('someone.rather.long0@example.in');
  });

  it('turn a search text into the keys it looks for', () => {
    expect(queryTokens('  Ravi  KU ')).toEqual(['ravi ku', 'raviku']);
    expect(queryTokens('+91 98765-43210')).toEqual([
      '91 98765 43210',
      '+9198765-43210',
      '919876543210',
    ]);
    expect(queryTokens('Ravi.S@Ex')).toEqual(['ravi s ex', 'ravi.s@ex']);
    expect(queryTokens('12')).toEqual(['12']);
    expect(queryTokens('!!!')).toEqual(['!!!']);
  });

  it('key every set of up to three categories, alone and behind the owner', () => {
    expect(categoryKeys(['PP', 'PHE', 'pp'], 'u1')).toEqual([
      'phe',
      'phe\u001fpp',
      'pp',
      filterKey('', 'u1'),
      filterKey('phe', 'u1'),
      filterKey('phe\u001fpp', 'u1'),
      filterKey('pp', 'u1'),
    ]);
    expect(categoryKeys([], '')).toEqual([filterKey('', '')]);
    expect(filterKey('', 'u1')).not.toBe(filterKey('', ''));
    expect(categoryKeys(['a', 'b', 'c', 'd'], '')).toHaveLength(2 * (4 + 6 + 4) + 1);
    const twelve = Array.from({ length: 12 }, (_, i) => `c${i}`);
    expect(categoryKeys(twelve, 'u1')).toHaveLength(2 * (12 + 66 + 220) + 1);
  });
});

describe('days in the company time zone', () => {
  it('start at local midnight', () => {
    expect(startOfDay('2026-03-02', 'Asia/Kolkata').toISOString()).toBe('2026-03-01T18:30:00.000Z');
    expect(startOfDay('2026-03-02', 'Asia/Kolkata', 1).toISOString()).toBe(
      '2026-03-02T18:30:00.000Z',
    );
    expect(startOfDay('2026-12-31', 'Asia/Kolkata', 1).toISOString()).toBe(
      '2026-12-31T18:30:00.000Z',
    );
    // Across a daylight-saving change.
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
    expect(localDate(new Date('2026-03-01T18:30:00Z'), 'Asia/Kolkata')).toBe('2026-03-02');
  });

  it('read an instant on the local clock with its offset, the same instant', () => {
    const instant = new Date('2026-03-01T18:30:45.678Z');
    expect(localIsoTime(instant, 'Asia/Kolkata')).toBe('2026-03-02T00:00:45.678+05:30');
    expect(localIsoTime(instant, 'America/New_York')).toBe('2026-03-01T13:30:45.678-05:00');
    expect(localIsoTime(instant, 'UTC')).toBe('2026-03-01T18:30:45.678+00:00');
    expect(Date.parse(localIsoTime(instant, 'Asia/Kolkata'))).toBe(instant.getTime());
  });

  it('accept real dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '26-01-01', '2026-1-1', ''])
      expect(isIsoDate(bad)).toBe(false);
  });
});

describe('list plans', () => {
  it('encode cursors that only their own order accepts', () => {
    const [byName] = listPlans(
      { q: '', categories: [], potential: '' },
      { sort: 'name', dir: 'asc' },
    );
    const [byNameInRange] = listPlans(
      { q: '', categories: [], potential: '', range: { start: new Date(0), end: new Date() } },
      { sort: 'name', dir: 'asc' },
    );
    const position = { values: ['ravi', Timestamp.fromMillis(1_700_000_000_123)], id: 'abc' };
    const cursor = encodeCursor(byNameInRange, position);
    expect(decodeCursor(byNameInRange, cursor)).toEqual(position);
    expect(() => decodeCursor(byName, cursor)).toThrow('Invalid cursor');
    expect(() => decodeCursor(byName, 'not base64 json')).toThrow('Invalid cursor');
  });
});

describe('prepareCustomer (the seed entry point)', () => {
  it('builds the stored record and keys, and refuses bad input', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const { record, keys } = prepareCustomer(
      { names: ['Ravi'], phones: ['9876543210'], emails: ['R@x.in'], potential: 'WARM' },
      { createdAt: at, updatedAt: at },
    );
    expect(record).toMatchObject({
      potentialRank: 2,
      nameSort: 'ravi',
      phoneSort: '+919876543210',
      emailSort: 'r@x.in',
    });
    expect(keys.map((k) => k.id)).toEqual(['phone:+919876543210', 'email:r@x.in']);
    expect(() => prepareCustomer({ phones: ['1'] }, { createdAt: at, updatedAt: at })).toThrow(
      'Invalid phone number: 1',
    );
    expect(() => prepareCustomer({}, { createdAt: at, updatedAt: at })).toThrow();
  });
});
