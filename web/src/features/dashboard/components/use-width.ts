import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * An element's width in CSS pixels, kept as it resizes (ResizeObserver); 0 until measured. Read
 * before the first paint (a layout effect), so a chart is drawn at its size in one go.
 */
export function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
