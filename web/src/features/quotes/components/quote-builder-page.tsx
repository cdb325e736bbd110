import { ArrowLeft, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Product } from '@contract/products';
import { errorMessage } from '../../../lib/api-client';
import { formatINR } from '../../../lib/format';
import { FormField, fieldErrors } from '../../../lib/form-field';
import { GstRateField } from '../../../lib/gst-rate-field';
import { PageHeader } from '../../../lib/page-header';
import { useToast } from '../../../lib/toast';
import { useCustomer } from '../../../resources/customers/one';
import { useActiveProducts, useCreateQuote } from '../api/quotes';
import {
  draftMoney,
  emptyLine,
  lineFromProduct,
  quoteRequest,
  type DraftLine,
} from '../model/draft';
import '../../../lib/ui.css';
import '../quotes.css';

const rupees = (paise: number) => formatINR(paise / 100);

/** /customers/:id/quote: a quote's lines and totals, worked out as they are typed. */
export function QuoteBuilderPage() {
  const { id = '' } = useParams();
  // ?back=conversation: opened from the customer's conversation (its Quote action).
  const [search] = useSearchParams();
  const fromConversation = search.get('back') === 'conversation';
  const customer = useCustomer(id);
  const products = useActiveProducts();
  const create = useCreateQuote();
  const navigate = useNavigate();
  const toast = useToast();
  const [lines, setLines] = useState<DraftLine[]>(() => [emptyLine()]);
  const [validUntil, setValidUntil] = useState('');
  const [notes, setNotes] = useState('');
  const errors = fieldErrors(create.error);
  const money = draftMoney(lines);
  const name = customer.data?.names?.[0] ?? customer.data?.phones?.[0] ?? 'customer';

  const change = (key: number, patch: Partial<DraftLine>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const pick = (line: DraftLine, productId: string) => {
    const product = products.data?.find((p) => p._id === productId);
    change(line.key, product ? lineFromProduct(line, product) : { productId: '' });
  };

  function save() {
    create.mutate(quoteRequest(id, lines, validUntil, notes), {
      onSuccess: (quote) => {
        toast.show(`Quote ${quote.number} saved`, 'success');
        // Saved: the quote with its Send dialog open.
        const back = fromConversation ? '&back=conversation' : '';
        navigate(`/quotes/${encodeURIComponent(quote._id)}?send=1${back}`);
      },
    });
  }

  return (
    <div className="quote-builder">
      <Link
        className="customer-page__back"
        to={`/customers/${encodeURIComponent(id)}${fromConversation ? '#conversation' : ''}`}
      >
        <ArrowLeft aria-hidden="true" size={16} /> Back to {name}
      </Link>
      <PageHeader title="New quote" subtitle={customer.data ? `For ${name}` : undefined} />
      {products.isError && (
        <p className="ui-alert" role="alert">
          {errorMessage(products.error, 'Failed to load products')}: free lines still work.
        </p>
      )}
      <ol className="quote-builder__lines">
        {lines.map((line, index) => (
          <LineCard
            key={line.key}
            index={index}
            line={line}
            products={products.data ?? []}
            amount={money.lines[index]}
            errors={errors}
            onPick={(productId) => pick(line, productId)}
            onChange={(patch) => change(line.key, patch)}
            onRemove={
              lines.length > 1
                ? () => setLines((all) => all.filter((l) => l.key !== line.key))
                : undefined
            }
          />
        ))}
      </ol>
      <button
        type="button"
        className="btn btn--outline"
        onClick={() => setLines((all) => [...all, emptyLine()])}
      >
        <Plus aria-hidden="true" size={16} /> Add line
      </button>
      {errors.lines && <p className="ui-error-text">{errors.lines}</p>}

      <section className="ui-panel quote-totals" aria-label="Totals">
        <dl>
          <dt>Subtotal</dt>
          <dd>{rupees(money.subtotal)}</dd>
          {money.discount > 0 && (
            <>
              <dt>Discount</dt>
              <dd>-{rupees(money.discount)}</dd>
            </>
          )}
          <dt>Taxable value</dt>
          <dd>{rupees(money.taxable)}</dd>
          <dt>GST</dt>
          <dd>{rupees(money.cgst + money.sgst)}</dd>
          <dt>Round off</dt>
          <dd>{rupees(money.roundOff)}</dd>
          <dt className="quote-totals__total">Total</dt>
          <dd className="quote-totals__total" aria-live="polite">
            {rupees(money.total)}
          </dd>
        </dl>
        <p className="ui-muted">
          CGST + SGST or IGST by the customer&apos;s state, shown once saved.
        </p>
      </section>

      <div className="quote-builder__more">
        <FormField
          label="Valid until"
          type="date"
          hint="Empty: the validity in Settings"
          value={validUntil}
          onValueChange={setValidUntil}
          error={errors.validUntil}
        />
        <FormField label="Notes" value={notes} onValueChange={setNotes} error={errors.notes} />
      </div>
      {create.isError && Object.keys(errors).length === 0 && (
        <p className="ui-alert" role="alert">
          {errorMessage(create.error, 'The quote was not saved')}
        </p>
      )}
      <div className="ui-actions ui-actions--end">
        <button type="button" className="btn" disabled={create.isPending} onClick={save}>
          {create.isPending ? 'Saving…' : 'Save quote'}
        </button>
      </div>
    </div>
  );
}

function LineCard({
  index,
  line,
  products,
  amount,
  errors,
  onPick,
  onChange,
  onRemove,
}: {
  index: number;
  line: DraftLine;
  products: Product[];
  amount: { taxable: number; cgst: number; sgst: number } | undefined;
  errors: Record<string, string>;
  onPick: (productId: string) => void;
  onChange: (patch: Partial<DraftLine>) => void;
  onRemove?: () => void;
}) {
  const error = (field: string) => errors[`lines.${index}.${field}`];
  return (
    <li className="ui-panel quote-line" aria-label={`Line ${index + 1}`}>
      <div className="quote-line__head">
        <strong>Line {index + 1}</strong>
        <span className="quote-line__amount">
          {amount ? formatINR((amount.taxable + amount.cgst + amount.sgst) / 100) : ''}
        </span>
        {onRemove && (
          <button
            type="button"
            className="btn btn--outline"
            aria-label={`Remove line ${index + 1}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" size={16} />
          </button>
        )}
      </div>
      <FormField
        as="select"
        label="Product"
        value={line.productId}
        onValueChange={onPick}
        error={error('productId')}
      >
        <option value="">Free line (type it)</option>
        {products.map((p) => (
          <option key={p._id} value={p._id}>
            {p.name} {p.hsn ? `(${p.hsn})` : ''}
          </option>
        ))}
      </FormField>
      <div className="quote-line__grid">
        <FormField
          label="Item"
          value={line.name}
          onValueChange={(name) => onChange({ name })}
          error={error('name')}
        />
        <FormField
          label="HSN/SAC"
          inputMode="numeric"
          value={line.hsn}
          onValueChange={(hsn) => onChange({ hsn })}
          error={error('hsn')}
        />
        <FormField
          label="Qty"
          inputMode="decimal"
          value={line.qty}
          onValueChange={(qty) => onChange({ qty })}
          error={error('qty')}
        />
        <FormField
          label="Unit"
          value={line.unit}
          onValueChange={(unit) => onChange({ unit })}
          error={error('unit')}
        />
        <FormField
          label="Rate (₹)"
          inputMode="decimal"
          value={line.rate}
          onValueChange={(rate) => onChange({ rate })}
          error={error('rate')}
        />
        <FormField
          label="Discount %"
          inputMode="decimal"
          value={line.discountPercent}
          onValueChange={(discountPercent) => onChange({ discountPercent })}
          error={error('discountPercent')}
        />
        <GstRateField
          value={line.gstRate}
          onValueChange={(gstRate) => onChange({ gstRate })}
          error={error('gstRate')}
        />
      </div>
    </li>
  );
}
