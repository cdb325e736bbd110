import type { ReactNode } from 'react';

/** A chart once it can be drawn (`chart`), a grey block of its size before. */
export function ChartSlot({ chart }: { chart: ReactNode }) {
  return chart ?? <div className="dash-chart dash-skeleton__block" aria-hidden="true" />;
}
