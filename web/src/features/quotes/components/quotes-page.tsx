import { useState } from 'react';
import { QUOTE_STATUSES } from '@contract/quotes';
import { FormField } from '../../../lib/form-field';
import { PageHeader } from '../../../lib/page-header';
import { NextPageButton } from '../../../lib/next-page-button';
import { QueryState } from '../../../lib/query-state';
import { LOAD_QUOTES_FAILED, useQuotes } from '../api/quotes';
import { QuoteList } from './quote-list';
import { QUOTE_STATUS_LABELS } from './quote-status';
import '../../../lib/ui.css';
import '../quotes.css';

/** /quotes: every quote, newest first, filtered by status and date. */
export function QuotesPage() {
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const quotes = useQuotes({ status, from, to });
  return (
    <div className="quotes-page">
      <PageHeader title="Quotes" subtitle="Make a quote from a customer's page." />
      <div className="quotes-page__filters">
        <FormField as="select" label="Status" value={status} onValueChange={setStatus}>
          <option value="">All</option>
          {QUOTE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {QUOTE_STATUS_LABELS[s]}
            </option>
          ))}
        </FormField>
        <FormField label="From" type="date" value={from} onValueChange={setFrom} />
        <FormField label="To" type="date" value={to} onValueChange={setTo} />
      </div>
      <QueryState query={quotes} errorFallback={LOAD_QUOTES_FAILED}>
        {(rows) =>
          rows.length === 0 ? (
            <div className="ui-empty">
              <p className="ui-empty__title">No quotes found</p>
              <p className="ui-empty__text">
                {status || from || to ? 'Try other filters.' : 'Open a customer and tap New quote.'}
              </p>
            </div>
          ) : (
            <>
              <QuoteList quotes={rows} />
              <NextPageButton pages={quotes} label="Load more" className="btn btn--outline" />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
