import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../../lib/phone';
import type { ImportReport } from '../api/import-customers';
import { addedText, importSummary } from './import-summary';

const report = (change: Partial<ImportReport>): ImportReport => ({
  created: 0,
  updated: 0,
  skipped: 0,
  errors: [],
  errorCount: 0,
  merges: [],
  mergeCount: 0,
  ...change,
});

describe('importSummary', () => {
  it("says 'Import successful' only for a clean import", () => {
    expect(importSummary(report({ created: 10 }))).toEqual({
      text: 'Import successful',
      tone: 'success',
    });
  });

  it('says how many of how many went in when a row failed', () => {
    const failed = report({ created: 7, updated: 1, skipped: 1, errorCount: 1 });
    expect(importSummary(failed)).toEqual({ text: 'Imported 9 of 10; 1 failed', tone: 'warn' });
  });
});

describe('addedText', () => {
  it('names what a merged row added, phones as people write them', () => {
    expect(
      addedText(
        { names: ['Kiran Joshi (dup)'], phones: ['+919810185084'], note: 'call later' },
        formatPhone,
      ),
    ).toBe('name Kiran Joshi (dup); phone +91 98101 85084; note call later');
  });
});
