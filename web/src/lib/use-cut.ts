import { useLayoutEffect, useState, type RefObject } from 'react';

/** Elements watched for size changes, each with the callback that re-measures it. */
const watched = new Map<Element, () => void>();
let observer: ResizeObserver | null = null;

function watch(element: Element, measure: () => void): () => void {
  if (typeof ResizeObserver !== 'function') return () => undefined;
  // One observer for every cut-able value on the screen: a list has hundreds of them.
  observer ??= new ResizeObserver((changes) => {
    for (const change of changes) watched.get(change.target)?.();
  });
  watched.set(element, measure);
  observer.observe(element);
  return () => {
    watched.delete(element);
    observer?.unobserve(element);
  };
}

function overflows(element: Element): boolean {
  return (
    element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1
  );
}

/** What keyboard focus can already land on inside a value (a link to call, a name to open). */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** How a value fits its box now. */
export type CutState = {
  /** It, or a one-line value inside it (`.clip`), shows less than its whole text. */
  cut: boolean;
  /**
   * Keyboard focus already lands inside it (a link in it) or on what holds it (the link or
   * button it is in): it is no stop of its own.
   */
  focusableInside: boolean;
};

/**
 * Whether the element shows less than its whole text right now (an ellipsis or a line clamp),
 * re-measured whenever it changes size.
 */
export function useCut(ref: RefObject<HTMLElement | null>, text: string): CutState {
  const [state, setState] = useState<CutState>({ cut: false, focusableInside: false });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const cut =
        overflows(element) || Array.from(element.querySelectorAll('.clip')).some(overflows);
      const focusableInside =
        element.querySelector(FOCUSABLE) !== null ||
        element.parentElement?.closest('a[href], button') != null;
      setState((was) =>
        was.cut === cut && was.focusableInside === focusableInside ? was : { cut, focusableInside },
      );
    };
    measure();
    return watch(element, measure);
  }, [ref, text]);
  return state;
}
