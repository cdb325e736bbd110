import { Link } from 'react-router-dom';
import type { QuoteSummary } from '@contract/quotes';
import { formatDate, formatINR } from '../../../lib/format';
import { QuoteStatusBadge } from './quote-status';
import { SendQuoteButton } from './send-quote';

/** A quote still open to send: draft or sent, not expired. */
const sendable = (q: QuoteSummary) => q.status === 'draft' || q.status === 'sent';

const quotePath = (id: string) => `/quotes/${encodeURIComponent(id)}`;

/** Quotes as cards (phones) and as a table (wider screens), the number opening each. */
export function QuoteList({
  quotes,
  showCustomer = true,
}: {
  quotes: QuoteSummary[];
  showCustomer?: boolean;
}) {
  return (
    <>
      <ul className="ui-cards quote-cards">
        {quotes.map((q) => (
          <li key={q._id} className="ui-card">
            <div className="ui-card__head">
              <Link className="ui-card__title" to={quotePath(q._id)}>
                {q.number}
              </Link>
              <QuoteStatusBadge status={q.status} />
            </div>
            <p className="quote-cards__line">
              {showCustomer && <span>{q.customerName}</span>}
              <strong>{formatINR(q.total)}</strong>
            </p>
            <p className="ui-muted">
              {formatDate(q.createdAt)} · {q.owner.name}
            </p>
            {sendable(q) && <SendQuoteButton quote={q} small />}
          </li>
        ))}
      </ul>
      <div className="ui-table-wrap quote-table">
        <table className="ui-table">
          <thead>
            <tr>
              <th scope="col">Number</th>
              {showCustomer && <th scope="col">Customer</th>}
              <th scope="col">Date</th>
              <th scope="col">Total</th>
              <th scope="col">Status</th>
              <th scope="col">Owner</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {quotes.map((q) => (
              <tr key={q._id}>
                <td>
                  <Link to={quotePath(q._id)}>{q.number}</Link>
                </td>
                {showCustomer && (
                  <td>
                    <Link to={`/customers/${encodeURIComponent(q.customerId)}`}>
                      {q.customerName}
                    </Link>
                  </td>
                )}
                <td>{formatDate(q.createdAt)}</td>
                <td>{formatINR(q.total)}</td>
                <td>
                  <QuoteStatusBadge status={q.status} />
                </td>
                <td>{q.owner.name}</td>
                <td>{sendable(q) && <SendQuoteButton quote={q} small />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
