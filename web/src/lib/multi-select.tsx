import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import './multi-select.css';
import './ui.css';

/** 'A', 'A, B', 'A, B +3' (up to 2 values then +N). */
export function summarizeValues(values: readonly string[], empty: string): string {
  if (values.length === 0) return empty;
  const shown = values.slice(0, 2).join(', ');
  return values.length > 2 ? `${shown} +${values.length - 2}` : shown;
}

/**
 * A labelled button that opens a group of checkboxes. The button reads as the label plus the
 * summary of the chosen values; Escape or a click elsewhere closes the list.
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  placeholder = 'Any',
  inline = false,
}: {
  label: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** The summary when nothing is chosen. */
  placeholder?: string;
  /** Opens in the flow of the page rather than over it (inside dialogs). */
  inline?: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Chosen values that are not offered (any more) stay visible and can be unticked.
  const all = [...options, ...value.filter((v) => !options.includes(v))];

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  function toggle(option: string, checked: boolean) {
    onChange(checked ? [...value, option] : value.filter((v) => v !== option));
  }

  function close() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation(); // a surrounding dialog stays open
      close();
    }
  }

  return (
    <div
      ref={rootRef}
      className={`multi-select${inline ? ' multi-select--inline' : ''}`}
      onKeyDown={onKeyDown}
    >
      <span id={`${id}-label`} className="ui-field__label">
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        className="multi-select__button ui-input"
        aria-labelledby={`${id}-label ${id}-value`}
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <span id={`${id}-value`} className="multi-select__summary">
          {summarizeValues(value, placeholder)}
        </span>
        <ChevronDown aria-hidden="true" size={16} className="multi-select__caret" />
      </button>
      {open && (
        <div
          id={`${id}-list`}
          role="group"
          aria-labelledby={`${id}-label`}
          className="multi-select__popup"
        >
          {all.length === 0 ? (
            <p className="ui-muted">No options</p>
          ) : (
            <ul className="multi-select__options">
              {all.map((option) => (
                <li key={option}>
                  <label className="multi-select__option">
                    <input
                      type="checkbox"
                      className="ui-checkbox"
                      checked={value.includes(option)}
                      onChange={(event) => toggle(option, event.target.checked)}
                    />
                    <span>{option}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <div className="ui-actions multi-select__actions">
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={value.length === 0}
              onClick={() => onChange([])}
            >
              Clear
            </button>
            <button type="button" className="btn btn--small" onClick={close}>
              Done
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
