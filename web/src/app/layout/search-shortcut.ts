import { useEffect } from 'react';

/** True when a key press belongs to what is being typed, not to the page. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Ctrl/⌘-K (anywhere) or '/' (outside a text field) calls `onOpen`. It lives in the layout, not
 * in the search's lazily loaded code, so a press before that code has arrived is not lost: the
 * search opens as soon as it has.
 */
export function useSearchShortcut(onOpen: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const commandK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash =
        event.key === '/' && !event.ctrlKey && !event.metaKey && !typingIn(event.target);
      if (!commandK && !slash) return;
      event.preventDefault();
      onOpen();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onOpen]);
}
