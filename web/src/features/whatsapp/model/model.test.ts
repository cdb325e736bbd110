import { describe, expect, it } from 'vitest';
import { linkProblem, newLink, unfilledParams, withParam } from './template-link';
import { CLOSED_WINDOW, windowLabel } from './window-label';

const TEMPLATE = {
  name: 'quote',
  language: 'en',
  status: 'APPROVED',
  category: 'UTILITY',
  body: 'Dear {{1}}, {{2}} {{3}}',
  paramCount: 3,
};

describe('window label', () => {
  const now = new Date('2026-11-23T09:00:00+05:30');

  it("says until when today's window is open, on the company's clock as the console reads it", () => {
    const until = new Date('2026-11-23T14:32:00+05:30');
    expect(windowLabel({ open: true, openUntil: until.toISOString() }, now)).toBe(
      'Open until 2:32 pm',
    );
  });

  it('adds the date when the window closes on another day', () => {
    const until = new Date('2026-11-24T08:05:00+05:30');
    expect(windowLabel({ open: true, openUntil: until.toISOString() }, now)).toBe(
      'Open until 24 Nov, 8:05 am',
    );
  });

  it('says a closed or never-opened window needs an approved template', () => {
    expect(windowLabel({ open: false, openUntil: '2026-11-20T10:00:00Z' }, now)).toBe(
      CLOSED_WINDOW,
    );
    expect(windowLabel({ open: false, openUntil: null }, now)).toBe(
      'Closed: needs an approved template',
    );
  });
});

describe('template link', () => {
  it('links a new template with the text in {{1}} and the name in {{2}}', () => {
    expect(newLink(TEMPLATE)).toEqual({
      name: 'quote',
      language: 'en',
      textParam: 1,
      nameParam: 2,
    });
    expect(newLink({ ...TEMPLATE, paramCount: 0 })).toMatchObject({
      textParam: null,
      nameParam: null,
    });
  });

  it('swaps the parameters when one takes the other’s', () => {
    const link = newLink(TEMPLATE);
    expect(withParam(link, 'textParam', 2)).toMatchObject({ textParam: 2, nameParam: 1 });
    expect(withParam(link, 'nameParam', null)).toMatchObject({ textParam: 1, nameParam: null });
    expect(withParam(link, 'nameParam', 3)).toMatchObject({ textParam: 1, nameParam: 3 });
  });

  it('says which parameters nothing fills', () => {
    const link = newLink(TEMPLATE);
    expect(unfilledParams(link, 3)).toEqual([3]);
    expect(linkProblem(link, TEMPLATE)).toBe(
      'Every parameter needs the text or the name: {{3}} takes neither.',
    );
    expect(linkProblem(link, { ...TEMPLATE, paramCount: 2 })).toBeNull();
    expect(linkProblem(link, undefined)).toBeNull();
  });
});
