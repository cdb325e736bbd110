import type { ListSelection } from './selection';

/**
 * Select all (cards view), the selected count and Merge (2 or more). On phones it floats at the
 * bottom of the screen as a pill while something is selected.
 */
export function SelectionBar({
  floating,
  selection,
  showSelectAll,
  loaded,
  total,
  onMerge,
}: {
  floating: boolean;
  selection: ListSelection;
  showSelectAll: boolean;
  loaded: number;
  total: number | undefined;
  onMerge: () => void;
}) {
  const count = selection.customers.length;
  const selectAll = showSelectAll && loaded > 0 && (
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
  const actions = count > 0 && (
    <div className="selection-bar__actions">
      <span className="selection-bar__count" role="status">
        {count} selected
      </span>
      {count >= 2 && (
        <button type="button" className="btn btn--small" onClick={onMerge}>
          Merge
        </button>
      )}
      <button type="button" className="btn btn--ghost btn--small" onClick={selection.clear}>
        Clear selection
      </button>
    </div>
  );

  if (floating) {
    return (
      <>
        {selectAll && <div className="selection-bar">{selectAll}</div>}
        {actions && <div className="selection-pill">{actions}</div>}
      </>
    );
  }
  if (!selectAll && !actions) return null;
  return (
    <div className="selection-bar">
      {selectAll}
      {actions}
    </div>
  );
}
