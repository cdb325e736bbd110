import type { InputHTMLAttributes } from 'react';

/** A labelled input of a filter bar (the label wraps it), passing its value up as typed. */
export function FilterInput({
  label,
  value,
  onChange,
  type = 'text',
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'search' | 'tel' | 'date';
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'min' | 'max' | 'placeholder' | 'aria-describedby'
>) {
  return (
    <label className="ui-field">
      <span className="ui-field__label">{label}</span>
      <input
        {...input}
        type={type}
        className="ui-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** The search box that stays in view on a filter bar: named for screen readers only. */
export function SearchBox({
  className,
  placeholder,
  value,
  onChange,
}: {
  className: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className={`ui-field ${className}`}>
      {/* Named for screen readers; the placeholder says what to type. */}
      <span className="visually-hidden">Search</span>
      <input
        type="search"
        className="ui-input"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/**
 * The From and To dates of a filter bar, each bounding the other's picker; `noteId` names the
 * message shown while they are the wrong way round.
 */
export function DateRangeFilters({
  labels,
  from,
  to,
  onChange,
  noteId,
}: {
  labels: { from: string; to: string };
  from: string;
  to: string;
  onChange: (change: { from: string } | { to: string }) => void;
  noteId: string | undefined;
}) {
  const ends = [
    { end: 'from', value: from, bounds: { max: to || undefined } },
    { end: 'to', value: to, bounds: { min: from || undefined } },
  ] as const;
  return ends.map(({ end, value, bounds }) => (
    <FilterInput
      key={end}
      label={labels[end]}
      type="date"
      value={value}
      {...bounds}
      aria-describedby={noteId}
      onChange={(date) => onChange(end === 'from' ? { from: date } : { to: date })}
    />
  ));
}
