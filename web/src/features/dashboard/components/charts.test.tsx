import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChannelPie, countTicks, EntriesAreaChart } from './charts';

describe('countTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten from 0 to at least the largest count', () => {
    expect(countTicks(0, 5)).toEqual([0, 1]);
    expect(countTicks(3, 5)).toEqual([0, 1, 2, 3]);
    expect(countTicks(9, 5)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(countTicks(23, 5)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(countTicks(170, 5)).toEqual([0, 50, 100, 150, 200]);
  });
});

describe('the charts', () => {
  // jsdom lays nothing out: the charts' boxes are given a width.
  const sized = () =>
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 400,
    } as DOMRect);

  it('draw the area, its line and a point per day, ticks every fifth day', () => {
    sized();
    const series = Array.from({ length: 30 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, '0')}`,
      value: i % 7,
    }));
    const { container } = render(<EntriesAreaChart data={series} />);
    expect(container.querySelectorAll('svg path')).toHaveLength(2);
    expect(container.querySelectorAll('svg circle')).toHaveLength(30);
    const days = [...container.querySelectorAll('svg text[text-anchor="end"][transform]')];
    expect(days.map((t) => t.textContent)).toEqual([
      '1 Nov',
      '6 Nov',
      '11 Nov',
      '16 Nov',
      '21 Nov',
      '26 Nov',
    ]);
  });

  it('draw a slice per channel with its count, and an empty ring when there is none', () => {
    sized();
    const { container, rerender } = render(
      <ChannelPie data={{ whatsapp: 5, email: 4, other: 1 }} />,
    );
    expect(container.querySelectorAll('svg path')).toHaveLength(3);
    // The one in ten 'Other' is wider than 12°, so it carries its count too.
    expect([...container.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual([
      '5',
      '4',
      '1',
    ]);
    rerender(<ChannelPie data={{ whatsapp: 0, email: 0, other: 0 }} />);
    expect(container.querySelectorAll('svg path')).toHaveLength(1);
    expect(container.querySelectorAll('svg text')).toHaveLength(0);
  });
});
