import type { ListSelection } from './selection';

/**
 * Select all (cards view; the table has its own checkbox in its head): it sits on the title's
 * line beside the count, so the cards start higher.
 */
export function SelectAll({
  selection,
  loaded,
  total,
}: {
  selection: ListSelection;
  loaded: number;
  total: number | undefined;
}) {
  if (loaded === 0) return null;
  return (
    <label className="selection-bar__all">
      <input
        type="checkbox"
        className="ui-checkbox"
        checked={selection.all}
        ref={(el) => {
          if (el) el.indeterminate = selection.some && !selection.all;
        }}
        onChange={(event) => selection.toggleAll(event.target.checked)}
      />
      Select all
      {total !== undefined && total > loaded ? ` (${loaded} loaded)` : ''}
    </label>
  );
}

/**
 * The selected count, Merge (2 or more) and Clear selection, while something is selected. On
 * phones it floats at the bottom of the screen as a pill.
 */
export function SelectionBar({
  floating,
  selection,
  onMerge,
}: {
  floating: boolean;
  selection: ListSelection;
  /** Absent when the role may not change customers. */
  onMerge?: () => void;
}) {
  const count = selection.customers.length;
  if (count === 0) return null;
  return (
    <div className={floating ? 'selection-pill' : 'selection-bar'}>
      <div className="selection-bar__actions">
        <span className="selection-bar__count" role="status">
          {count} selected
        </span>
        {count >= 2 && onMerge && (
          <button type="button" className="btn btn--small" onClick={onMerge}>
            Merge
          </button>
        )}
        <button type="button" className="btn btn--ghost btn--small" onClick={selection.clear}>
          Clear selection
        </button>
      </div>
    </div>
  );
}
