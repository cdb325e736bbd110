import type { ReactNode } from 'react';

/** A checkbox and its words, the label wrapping both (a click on the words ticks it). */
export function CheckLabel({
  className,
  checked,
  onChange,
  children,
}: {
  className: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        className="ui-checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}
