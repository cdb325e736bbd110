import { describe, expect, it } from 'vitest';
import { employeeLabels } from './employee-labels';

describe('employeeLabels', () => {
  it('tells apart people who share a name, and leaves unique names alone', () => {
    const labels = employeeLabels([
      { _id: 'u-admin', name: 'Anita Admin' },
      { _id: 'uid-7f3a', name: 'Probe Employee' },
      { _id: 'uid-91c2', name: 'Probe Employee' },
      { _id: 'uid-0b5e', name: 'Probe Employee' },
    ]);
    expect([...labels.values()]).toEqual([
      'Anita Admin',
      'Probe Employee · 7f3a',
      'Probe Employee · 91c2',
      'Probe Employee · 0b5e',
    ]);
    expect(new Set(labels.values()).size).toBe(4);
  });
});
