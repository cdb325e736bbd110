import { describe, expect, it } from 'vitest';
import { customer } from '../test/mock-api';
import { highestPotential, mergePreview } from './merge-preview';
import { importErrorRows, recordsByLine } from './import-errors';
import { toggleSort } from './list-params';
import { DEFAULT_PARAMS } from './list-params';
import { addOption, removeOption, renameOption } from './option-lists';
import { normalisePhone, parseQuickAdd, splitValues } from './split-values';
import { potentialTone } from './constants';

describe('quick add splitting', () => {
  it('splits on new lines, commas and semicolons, trimming and dropping empties', () => {
    expect(splitValues(' a ,b;;\n c \r\n,; ')).toEqual(['a', 'b', 'c']);
  });

  it('sorts values into names, phones and emails, removing duplicates', () => {
    expect(
      parseQuickAdd(
        'Raj Kumar, +91 98765-43210; RAJ@Example.in\nraj@example.in\n(022) 2345 6789, raj kumar, Kumar Dairy',
      ),
    ).toEqual({
      names: ['Raj Kumar', 'Kumar Dairy'],
      phones: ['+919876543210', '02223456789'],
      emails: ['raj@example.in'],
    });
  });

  it('treats short numbers and text with digits as names', () => {
    expect(parseQuickAdd('12345, Plot 4 MIDC').names).toEqual(['12345', 'Plot 4 MIDC']);
  });

  it('normalises phones to digits with a leading +', () => {
    expect(normalisePhone(' +91 (98765) 432-10 ')).toBe('+919876543210');
    expect(normalisePhone('98765 43210')).toBe('9876543210');
  });
});

describe('merge preview', () => {
  const a = customer({
    names: ['Raj Kumar'],
    phones: ['+919876543210'],
    emails: ['raj@example.in'],
    categories: ['PHE'],
    potential: 'WARM',
    note: 'Met at expo',
  });
  const b = customer({
    names: ['raj kumar', 'Kumar Dairy'],
    phones: ['+919876543210', '+919812345678'],
    emails: ['RAJ@example.in', 'accounts@kumar.in'],
    categories: ['PHE', 'SS TANK'],
    potential: 'HOT',
    note: 'Wants a quote',
  });

  it('unions values (primary first), keeps the highest potential and joins notes', () => {
    expect(mergePreview(a, [b])).toEqual({
      names: ['Raj Kumar', 'Kumar Dairy'],
      phones: ['+919876543210', '+919812345678'],
      emails: ['raj@example.in', 'accounts@kumar.in'],
      categories: ['PHE', 'SS TANK'],
      potential: 'HOT',
      note: 'Met at expo\nWants a quote',
    });
    expect(mergePreview(b, [a]).names).toEqual(['raj kumar', 'Kumar Dairy']);
  });

  it('ranks potentials in the order of the potential list, unknown and empty last', () => {
    expect(highestPotential(['COLD', 'N/A', 'VIP'])).toBe('VIP');
    expect(highestPotential(['', 'Someday', 'N/A'])).toBe('N/A');
    expect(highestPotential(['', ''])).toBe('');
  });

  it('gives VIP/HOT success, WARM brand and the rest gray', () => {
    expect(['VIP', 'HOT', 'WARM', 'COLD', 'N/A'].map(potentialTone)).toEqual([
      'success',
      'success',
      'brand',
      'gray',
      'gray',
    ]);
  });
});

describe('sorting', () => {
  it('toggles the current column and starts others ascending', () => {
    expect(DEFAULT_PARAMS).toMatchObject({ sort: 'createdAt', dir: 'desc' });
    expect(toggleSort(DEFAULT_PARAMS, 'createdAt')).toEqual({ sort: 'createdAt', dir: 'asc' });
    expect(toggleSort(DEFAULT_PARAMS, 'name')).toEqual({ sort: 'name', dir: 'asc' });
    expect(toggleSort({ ...DEFAULT_PARAMS, sort: 'name', dir: 'asc' }, 'name')).toEqual({
      sort: 'name',
      dir: 'desc',
    });
  });
});

describe('option lists', () => {
  it('adds trimmed, non-empty, new values only', () => {
    expect(addOption(['PHE'], '  SS TANK ')).toEqual(['PHE', 'SS TANK']);
    expect(addOption(['PHE'], '   ')).toEqual(['PHE']);
    expect(addOption(['PHE'], 'phe')).toEqual(['PHE']);
  });

  it('renames in place, ignoring empty, unchanged or taken names', () => {
    expect(renameOption(['PHE', 'PP'], 'PP', ' Pumps ')).toEqual(['PHE', 'Pumps']);
    expect(renameOption(['PHE', 'PP'], 'PP', '  ')).toEqual(['PHE', 'PP']);
    expect(renameOption(['PHE', 'PP'], 'PP', 'PP')).toEqual(['PHE', 'PP']);
    expect(renameOption(['PHE', 'PP'], 'PP', 'phe')).toEqual(['PHE', 'PP']);
  });

  it('removes a value', () => {
    expect(removeOption(['PHE', 'PP'], 'PHE')).toEqual(['PP']);
  });
});

describe('import error rows', () => {
  it('lists line and message, plus the uploaded line when the file is known', () => {
    const errors = [{ line: 3, message: 'No name, phone or email' }];
    expect(importErrorRows(errors)).toEqual([
      ['line', 'message'],
      ['3', 'No name, phone or email'],
    ]);
    expect(importErrorRows(errors, 'names,phones\r\nA,1\r\n,\r\n')).toEqual([
      ['line', 'message', 'row'],
      ['3', 'No name, phone or email', ','],
    ]);
  });

  it('finds records by their first line, quoted line breaks included', () => {
    const records = recordsByLine('\uFEFFnames,note\n"Raj","two\nlines"\r\nMeena,x\rLast,y');
    expect([...records]).toEqual([
      [1, 'names,note'],
      [2, '"Raj","two\nlines"'],
      [4, 'Meena,x'],
      [5, 'Last,y'],
    ]);
  });
});
