import { useEffect, useState, type ReactNode } from 'react';

/**
 * True from the first paint after `ready`: the cards and lists are drawn (and painted) before
 * the charts, whose drawing takes longest on a slow phone.
 */
export function useAfterFirstPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setPainted(true))));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}

/** A chart once it can be drawn (`chart`), a grey block of its size before. */
export function ChartSlot({ chart }: { chart: ReactNode }) {
  return chart ?? <div className="dash-chart dash-skeleton__block" aria-hidden="true" />;
}
