import { FilePlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { NextPageButton } from '../../../lib/next-page-button';
import { QueryState } from '../../../lib/query-state';
import { LOAD_QUOTES_FAILED, useQuotes } from '../api/quotes';
import { QuoteList } from './quote-list';
import '../quotes.css';

/** A customer's quotes on their page, with the way to make a new one. */
export function CustomerQuotes({ customerId }: { customerId: string }) {
  const quotes = useQuotes({ customerId });
  return (
    <section className="ui-panel customer-quotes" aria-labelledby="customer-quotes-title">
      <div className="customer-quotes__head">
        <h2 id="customer-quotes-title" className="ui-panel__title">
          Quotes
        </h2>
        <Link
          className="btn btn--outline"
          to={`/customers/${encodeURIComponent(customerId)}/quote`}
        >
          <FilePlus aria-hidden="true" size={16} /> New quote
        </Link>
      </div>
      <QueryState query={quotes} errorFallback={LOAD_QUOTES_FAILED}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="ui-muted">No quotes yet.</p>
          ) : (
            <>
              <QuoteList quotes={rows} showCustomer={false} />
              <NextPageButton pages={quotes} label="Load more" className="btn btn--outline" />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
