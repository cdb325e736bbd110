import { SlidersHorizontal } from 'lucide-react';

/** 'Filters': opens the folded filters and counts the active ones. */
export function FiltersButton({
  open,
  onToggle,
  active,
  controls,
}: {
  open: boolean;
  onToggle: () => void;
  active: number;
  /** The id of the filters it shows and hides. */
  controls: string;
}) {
  return (
    <button
      type="button"
      className="btn btn--outline filters-button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <SlidersHorizontal aria-hidden="true" size={16} /> Filters
      {active > 0 && (
        <span className="filters-button__count">
          {active}
          <span className="visually-hidden"> active</span>
        </span>
      )}
    </button>
  );
}
