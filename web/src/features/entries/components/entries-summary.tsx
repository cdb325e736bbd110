import type { EntryPage } from '../../../resources/entries';

/** The caller's role and the list's totals ('up to' when the server only estimated them). */
export function EntriesSummary({
  role,
  first,
}: {
  role: string | null;
  first: EntryPage | undefined;
}) {
  const estimate = first?.totalIsEstimate ? 'up to ' : '';
  return (
    <p className="entries-page__meta" aria-live="polite">
      <span className="ui-badge">
        <span className="visually-hidden">Your role: </span>
        {role || 'unknown'}
      </span>
      <span className="ui-badge ui-badge--gray">
        Total: {first ? `${estimate}${first.total}` : '…'}
      </span>
      <span className="ui-badge ui-badge--success">
        Confirmed: {first ? `${estimate}${first.confirmed}` : '…'}
      </span>
    </p>
  );
}
