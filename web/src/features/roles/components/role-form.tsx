import { useId } from 'react';
import type { FormEvent, RefObject } from 'react';
import { mergePermissions, splitPermissions } from '../permissions';

export type RoleFormValue = { name: string; text: string; picked: string[] };
export const EMPTY_ROLE_FORM: RoleFormValue = { name: '', text: '', picked: [] };

/** The permissions a form stands for: the comma text merged with the picker's, each once. */
export const formPermissions = (form: RoleFormValue) =>
  mergePermissions(splitPermissions(form.text), form.picked);

/** 'Add Role' / 'Edit Role': name, comma-separated permissions, picker, chips. */
export function RoleForm({
  mode,
  value,
  onChange,
  onSubmit,
  onCancel,
  onOpenPicker,
  error,
  busy,
  nameRef,
}: {
  mode: 'add' | 'edit';
  value: RoleFormValue;
  onChange: (value: RoleFormValue) => void;
  onSubmit: () => void;
  onCancel: () => void;
  onOpenPicker: () => void;
  error: string | null;
  busy: boolean;
  nameRef: RefObject<HTMLInputElement | null>;
}) {
  const id = useId();
  const chips = formPermissions(value);

  function remove(permission: string) {
    onChange({
      ...value,
      text: splitPermissions(value.text)
        .filter((p) => p !== permission)
        .join(', '),
      picked: value.picked.filter((p) => p !== permission),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!busy) onSubmit();
  }

  return (
    <section className="ui-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ui-panel__title">
        {mode === 'add' ? 'Add Role' : 'Edit Role'}
      </h2>
      <form className="roles-form" onSubmit={submit} noValidate>
        <div className="roles-form__fields">
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-name`}>
              Role name
            </label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              className="ui-input"
              value={value.name}
              placeholder="e.g. sales"
              onChange={(event) => onChange({ ...value, name: event.target.value })}
            />
          </div>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${id}-permissions`}>
              Permissions (comma-separated)
            </label>
            <input
              id={`${id}-permissions`}
              className="ui-input"
              value={value.text}
              placeholder="customers.read, entries.write"
              onChange={(event) => onChange({ ...value, text: event.target.value })}
            />
          </div>
        </div>
        <div className="ui-actions">
          <button type="submit" className="btn" disabled={busy}>
            {mode === 'add' ? 'Add' : 'Save'}
          </button>
          {mode === 'edit' && (
            <button type="button" className="btn btn--outline" onClick={onCancel}>
              Cancel
            </button>
          )}
          <button
            type="button"
            className="btn btn--outline"
            aria-haspopup="dialog"
            onClick={onOpenPicker}
          >
            Permission Picker
          </button>
        </div>
        {error && (
          <p className="ui-error-text" role="alert">
            {error}
          </p>
        )}
        {chips.length > 0 && (
          <ul className="ui-chips" aria-label="Chosen permissions">
            {chips.map((permission) => (
              <li key={permission} className="ui-chip">
                {permission}
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove ${permission}`}
                  onClick={() => remove(permission)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <p className="ui-field__hint">
          Tip: pick permissions with the Permission Picker and type more as comma-separated text;
          both are combined and duplicates are removed.
        </p>
      </form>
    </section>
  );
}
