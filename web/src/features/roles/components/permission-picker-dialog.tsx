import { useId, useState } from 'react';
import { Dialog } from '../../../lib/dialog';
import { ALL_PERMISSIONS, PERMISSION_GROUPS } from '../permissions';

/** The Permission Picker: grouped toggles, search, the selection, Clear and Done. */
export function PermissionPickerDialog({
  open,
  selected,
  onChange,
  onClose,
}: {
  open: boolean;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Permission Picker">
      <PickerBody selected={selected} onChange={onChange} onClose={onClose} />
    </Dialog>
  );
}

function PickerBody({
  selected,
  onChange,
  onClose,
}: {
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const results = ALL_PERMISSIONS.filter((permission) => permission.includes(needle));

  const toggle = (permission: string) =>
    onChange(
      selected.includes(permission)
        ? selected.filter((p) => p !== permission)
        : [...selected, permission],
    );

  const buttons = (permissions: readonly string[]) => (
    <div className="roles-picker__buttons">
      {permissions.map((permission) => (
        <button
          key={permission}
          type="button"
          className="roles-pill"
          aria-pressed={selected.includes(permission)}
          onClick={() => toggle(permission)}
        >
          {permission}
        </button>
      ))}
    </div>
  );

  return (
    <div className="roles-picker">
      <div className="ui-field">
        <label className="visually-hidden" htmlFor={`${id}-search`}>
          Search permissions
        </label>
        <input
          id={`${id}-search`}
          className="ui-input"
          type="search"
          placeholder="Search permissions"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      {needle ? (
        <section aria-labelledby={`${id}-results`}>
          <h3 id={`${id}-results`} className="roles-picker__group">
            Search Results
          </h3>
          {results.length ? buttons(results) : <p className="ui-muted">No matches</p>}
        </section>
      ) : (
        PERMISSION_GROUPS.map((group, index) => (
          <section key={group.name} aria-labelledby={`${id}-group-${index}`}>
            <h3 id={`${id}-group-${index}`} className="roles-picker__group">
              {group.name}
            </h3>
            {buttons(group.permissions)}
          </section>
        ))
      )}

      <section className="roles-picker__selected" aria-labelledby={`${id}-selected`}>
        <h3 id={`${id}-selected`} className="roles-picker__group">
          Selected
        </h3>
        {selected.length ? (
          <ul className="ui-chips">
            {selected.map((permission) => (
              <li key={permission} className="ui-chip ui-chip--static">
                {permission}
              </li>
            ))}
          </ul>
        ) : (
          <p className="ui-muted">Nothing selected</p>
        )}
      </section>

      <div className="ui-actions ui-actions--end">
        <span className="ui-muted roles-picker__count" aria-live="polite">
          {selected.length} selected
        </span>
        {/* Never disabled: the focused button must not drop focus out of the dialog. */}
        <button type="button" className="btn btn--outline" onClick={() => onChange([])}>
          Clear
        </button>
        <button type="button" className="btn" onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
