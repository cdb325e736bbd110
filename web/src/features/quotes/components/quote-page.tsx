import { ArrowLeft, Check, Copy, FileDown, X } from 'lucide-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Quote } from '@contract/quotes';
import { errorMessage } from '../../../lib/api-client';
import { formatDate, formatDateTime, formatINR } from '../../../lib/format';
import { PageHeader } from '../../../lib/page-header';
import { QueryState } from '../../../lib/query-state';
import { useToast } from '../../../lib/toast';
import { useDownloadPdf, useQuote, useQuoteAction, type QuoteAction } from '../api/quotes';
import { QuoteStatusBadge } from './quote-status';
import { SendQuoteButton } from './send-quote';
import { AcceptSuggestion } from './accept-suggestion';
import '../../../lib/ui.css';
import '../quotes.css';

const DONE: Record<QuoteAction, string> = {
  accept: 'Accepted: its entry waits for an admin to confirm',
  decline: 'Declined',
  revise: 'Revised',
};

/** /quotes/:id: one quote, its PDF, and its answer (accept, decline) or a revision. */
export function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  return (
    <div className="quote-page">
      <Link className="customer-page__back" to="/quotes">
        <ArrowLeft aria-hidden="true" size={16} /> All quotes
      </Link>
      <QueryState query={quote} errorFallback="Failed to load the quote">
        {(q) => <QuoteView quote={q} />}
      </QueryState>
    </div>
  );
}

function QuoteView({ quote }: { quote: Quote }) {
  // ?send=1: opened from the builder's save, with the send dialog open; ?back=conversation:
  // built from the conversation, which it goes back to once sent.
  const [search] = useSearchParams();
  const fromConversation = search.get('back') === 'conversation';
  const action = useQuoteAction();
  const pdf = useDownloadPdf();
  const toast = useToast();
  const navigate = useNavigate();
  const open = (quote.status === 'draft' || quote.status === 'sent') && !quote.revisedBy;
  const run = (kind: QuoteAction) =>
    action.mutate(
      { id: quote._id, action: kind },
      {
        onSuccess: (next) => {
          toast.show(DONE[kind], 'success');
          if (kind === 'revise') navigate(`/quotes/${encodeURIComponent(next._id)}`);
        },
        onError: (error) => toast.show(errorMessage(error, 'That did not work'), 'danger'),
      },
    );
  const t = quote.totals;
  return (
    <>
      <PageHeader title={`Quote ${quote.number}`} subtitle={quote.customer.name}>
        <button
          type="button"
          className="btn btn--outline"
          disabled={pdf.isPending}
          onClick={() =>
            pdf.mutate(quote, {
              onError: (error) => toast.show(errorMessage(error, 'No PDF'), 'danger'),
            })
          }
        >
          <FileDown aria-hidden="true" size={16} /> PDF
        </button>
        {open && (
          <>
            <SendQuoteButton
              quote={quote}
              startOpen={search.get('send') === '1'}
              onSent={() => {
                if (fromConversation)
                  navigate(`/customers/${encodeURIComponent(quote.customerId)}#conversation`);
                // Sent: a reload does not open Send again.
                else if (search.has('send'))
                  navigate(`/quotes/${encodeURIComponent(quote._id)}`, { replace: true });
              }}
            />
            <button type="button" className="btn btn--outline" onClick={() => run('accept')}>
              <Check aria-hidden="true" size={16} /> Accepted
            </button>
            <button type="button" className="btn btn--outline" onClick={() => run('decline')}>
              <X aria-hidden="true" size={16} /> Declined
            </button>
          </>
        )}
        {quote.status !== 'accepted' && !quote.revisedBy && (
          <button type="button" className="btn btn--outline" onClick={() => run('revise')}>
            <Copy aria-hidden="true" size={16} /> Revise
          </button>
        )}
      </PageHeader>
      {open && quote.acceptSuggestion && (
        <AcceptSuggestion quoteId={quote._id} text={quote.acceptSuggestion.text} />
      )}
      <section className="ui-panel quote-facts">
        <dl>
          <dt>Status</dt>
          <dd>
            <QuoteStatusBadge status={quote.status} />
          </dd>
          <dt>Customer</dt>
          <dd>
            <Link to={`/customers/${encodeURIComponent(quote.customerId)}`}>
              {quote.customer.name}
            </Link>
            {quote.customer.gstin && (
              <span className="ui-muted"> · GSTIN {quote.customer.gstin}</span>
            )}
          </dd>
          <dt>Place of supply</dt>
          <dd>
            {quote.placeOfSupply || '—'} ({quote.interState ? 'IGST' : 'CGST + SGST'})
          </dd>
          <dt>Date</dt>
          <dd>{formatDate(quote.createdAt)}</dd>
          <dt>Valid until</dt>
          <dd>{formatDate(quote.validUntil)}</dd>
          {quote.sends.length > 0 && (
            <>
              <dt>Sent</dt>
              <dd>
                <ul className="quote-sends">
                  {quote.sends.map((send) => (
                    <li key={send.channel}>
                      {send.channel === 'whatsapp' ? 'WhatsApp' : 'Email'},{' '}
                      {formatDateTime(send.at)} by {send.byName}
                    </li>
                  ))}
                </ul>
                <Link to={`/customers/${encodeURIComponent(quote.customerId)}#conversation`}>
                  See it in the conversation
                </Link>
              </dd>
            </>
          )}
          {quote.revisedFrom && (
            <>
              <dt>Revises</dt>
              <dd>
                <Link to={`/quotes/${encodeURIComponent(quote.revisedFrom._id)}`}>
                  {quote.revisedFrom.number}
                </Link>
              </dd>
            </>
          )}
          {quote.revisedBy && (
            <>
              <dt>Revised by</dt>
              <dd>
                <Link to={`/quotes/${encodeURIComponent(quote.revisedBy._id)}`}>
                  {quote.revisedBy.number}
                </Link>
              </dd>
            </>
          )}
        </dl>
      </section>
      <ol className="quote-page__lines">
        {quote.lines.map((line, i) => (
          <li key={i} className="ui-card">
            <div className="ui-card__head">
              <span className="ui-card__title">{line.name}</span>
              <strong>{formatINR(line.taxable + line.tax)}</strong>
            </div>
            <p className="ui-muted">
              {line.hsn && `HSN ${line.hsn} · `}
              {line.qty} {line.unit} × {formatINR(line.rate)}
              {line.discountPercent > 0 && ` less ${line.discountPercent}%`} · GST {line.gstRate}%
            </p>
          </li>
        ))}
      </ol>
      <section className="ui-panel quote-totals" aria-label="Totals">
        <dl>
          <dt>Taxable value</dt>
          <dd>{formatINR(t.taxable)}</dd>
          {quote.interState ? (
            <>
              <dt>IGST</dt>
              <dd>{formatINR(t.igst)}</dd>
            </>
          ) : (
            <>
              <dt>CGST</dt>
              <dd>{formatINR(t.cgst)}</dd>
              <dt>SGST</dt>
              <dd>{formatINR(t.sgst)}</dd>
            </>
          )}
          <dt>Round off</dt>
          <dd>{formatINR(t.roundOff)}</dd>
          <dt className="quote-totals__total">Total</dt>
          <dd className="quote-totals__total">{formatINR(t.total)}</dd>
        </dl>
        <p className="ui-muted">{quote.amountInWords}</p>
      </section>
    </>
  );
}
