import { useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import './ui.css';

export type TabItem<Id extends string> = { id: Id; label: string };

/**
 * A tab list with one panel (WAI-ARIA tabs, automatic activation): the selected tab is the one
 * Tab stop, arrow keys, Home and End move between tabs. Only the selected panel is rendered.
 */
export function Tabs<Id extends string>({
  label,
  items,
  selected,
  onSelect,
  children,
  size = 'normal',
}: {
  /** Accessible name of the tab list. */
  label: string;
  items: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  size?: 'normal' | 'small';
}) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.id === selected);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const target = items[next];
    onSelect(target.id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(target.id))}`)?.focus();
  }

  return (
    <div className={`ui-tabs ui-tabs--${size}`}>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className="ui-tabs__list"
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={tabId(item.id)}
              className="ui-tabs__tab"
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        className="ui-tabs__panel"
      >
        {children}
      </div>
    </div>
  );
}
