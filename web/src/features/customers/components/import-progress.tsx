/** The upload's progress (0 to 1), then 'Processing…' while the server reads the rows. */
export function ImportProgress({ id, progress }: { id: string; progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div className="import-form__progress">
      <label htmlFor={`${id}-progress`} className="ui-field__label">
        {percent < 100 ? `Uploading… ${percent}%` : 'Processing…'}
      </label>
      <progress id={`${id}-progress`} max={100} value={percent} />
    </div>
  );
}
