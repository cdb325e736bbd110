import { useState, type KeyboardEvent } from 'react';

/**
 * The keys of a list a text box drives (the box keeps the focus): arrows move the highlight
 * round the options, Enter picks the highlighted one, Escape leaves. A new `search` starts the
 * highlight at the top.
 */
export function useListboxKeys<T>({
  options,
  search,
  onPick,
  onEscape,
}: {
  options: readonly T[];
  /** What the options were found for: when it changes, the first option is highlighted. */
  search: unknown;
  onPick: (option: T) => void;
  onEscape?: () => void;
}) {
  const [active, setActive] = useState({ search, index: 0 });
  const index =
    active.search === search ? Math.min(active.index, Math.max(0, options.length - 1)) : 0;

  /** Handles the keys the list takes; true when it took this one. */
  function onKeyDown(event: KeyboardEvent<HTMLElement>): boolean {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step !== 0 && options.length > 0) {
      setActive({ search, index: (index + step + options.length) % options.length });
    } else if (event.key === 'Enter' && options[index] !== undefined) {
      onPick(options[index]);
    } else if (event.key === 'Escape' && onEscape) {
      onEscape();
    } else return false;
    event.preventDefault();
    return true;
  }

  return { index, highlight: (i: number) => setActive({ search, index: i }), onKeyDown };
}
