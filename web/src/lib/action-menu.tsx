import { MoreHorizontal } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';

export type ActionMenuItem = {
  label: string;
  onSelect: () => void;
  tone?: 'danger';
  /** What the item's button says to screen readers, when more than its label. */
  ariaLabel?: string;
};

const MENU_GAP_PX = 4;

/**
 * A button that opens a menu of actions (a row's less likely ones, a phone header's secondary
 * buttons). Arrow keys move between items, Escape or a click elsewhere closes it and gives
 * focus back to the button. The menu is placed on the page, not inside the row, so a table's
 * scroll box cannot clip it.
 */
export function ActionMenu({
  label,
  items,
  children,
  className = 'btn btn--outline btn--small',
}: {
  /** The button's accessible name, e.g. 'More actions for Ravi'. */
  label: string;
  items: readonly ActionMenuItem[];
  /** The button's visible content; a '⋯' icon when absent. */
  children?: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const rect = button.current.getBoundingClientRect();
    setPlace({ top: rect.bottom + MENU_GAP_PX, right: window.innerWidth - rect.right });
  }, [open]);

  // Near the bottom of the screen (a phone's last row) the menu opens upwards, so that every
  // item stays on screen.
  useLayoutEffect(() => {
    if (!open || !place || !menu.current || !button.current) return;
    const height = menu.current.offsetHeight;
    if (place.top + height <= window.innerHeight - MENU_GAP_PX) return;
    const above = button.current.getBoundingClientRect().top - MENU_GAP_PX - height;
    const top = Math.max(MENU_GAP_PX, above);
    if (top !== place.top) setPlace({ ...place, top });
  }, [open, place]);

  useEffect(() => {
    if (!open) return;
    menu.current
      ?.querySelector<HTMLButtonElement>('[role="menuitem"]')
      ?.focus({ preventScroll: true });
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    // The menu is placed where its button was: a resize would leave it elsewhere.
    const onResize = () => setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onResize);
    };
  }, [open, place]);

  function onMenuKey(event: KeyboardEvent<HTMLUListElement>) {
    const buttons = Array.from(
      menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [],
    );
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const move: Record<string, number> = {
      ArrowDown: (at + 1) % buttons.length,
      ArrowUp: (at - 1 + buttons.length) % buttons.length,
      Home: 0,
      End: buttons.length - 1,
    };
    if (event.key in move) {
      event.preventDefault();
      buttons[move[event.key]]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children ?? <MoreHorizontal aria-hidden="true" size={18} />}
      </button>
      {open &&
        place &&
        createPortal(
          <ul
            ref={menu}
            id={id}
            role="menu"
            aria-label={label}
            className="action-menu"
            style={{ top: place.top, right: place.right }}
            onKeyDown={onMenuKey}
          >
            {items.map((item) => (
              <li key={item.label} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-label={item.ariaLabel}
                  className={`action-menu__item${item.tone === 'danger' ? ' action-menu__item--danger' : ''}`}
                  onClick={() => {
                    close(true);
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>,
          document.body,
        )}
    </>
  );
}
