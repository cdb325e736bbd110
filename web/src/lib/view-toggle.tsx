// The Cards/Table switch of the list screens: phones start with cards and wider
// screens with the table, until the user picks one.
import { useState } from 'react';
import { useIsPhone } from './use-media-query';

export type ListView = 'cards' | 'table';

const VIEW_LABELS: Record<ListView, string> = { cards: 'Cards', table: 'Table' };

/** The view shown: the one picked, else the screen size's default. */
export function useListView(): [ListView, (view: ListView) => void] {
  const isPhone = useIsPhone();
  const [chosen, setChosen] = useState<ListView | null>(null);
  return [chosen ?? (isPhone ? 'cards' : 'table'), setChosen];
}

/** Two buttons, the current view pressed; `className` places the group in its filter bar. */
export function ViewToggle({
  view,
  onView,
  className,
}: {
  view: ListView;
  onView: (view: ListView) => void;
  className: string;
}) {
  return (
    <div className={className} role="group" aria-label="View">
      {(Object.keys(VIEW_LABELS) as ListView[]).map((option) => (
        <button
          key={option}
          type="button"
          className={`btn btn--small ${view === option ? '' : 'btn--outline'}`}
          aria-pressed={view === option}
          onClick={() => onView(option)}
        >
          {VIEW_LABELS[option]}
        </button>
      ))}
    </div>
  );
}
