/** The CSV file input, with what the file must hold. */
export function ImportFileField({
  id,
  disabled,
  onChoose,
}: {
  id: string;
  disabled: boolean;
  onChoose: (file: File | null) => void;
}) {
  return (
    <div className="ui-field">
      <label htmlFor={`${id}-file`} className="ui-field__label">
        CSV file
      </label>
      <input
        id={`${id}-file`}
        type="file"
        className="ui-input"
        accept=".csv,text/csv"
        aria-describedby={`${id}-hint`}
        disabled={disabled}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
      />
      <span id={`${id}-hint`} className="ui-field__hint">
        A header row, then one customer per row: names, phones, emails, categories, potential, note.
        Several values in one cell are separated by semicolons.
      </span>
    </div>
  );
}
