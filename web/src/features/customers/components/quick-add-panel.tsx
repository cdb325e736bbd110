import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { MultiSelect } from '../../../lib/multi-select';
import { formatPhone } from '../../../lib/phone';
import { useToast } from '../../../lib/toast';
import { useBulkCreateCustomers } from '../api/bulk-create-customers';
import type { Customer, DuplicateBody } from '../api/types';
import { customerLabel } from '../model/customer-label';
import { hasContact, parseQuickAdd } from '../model/split-values';

export const NEED_ONE_VALUE = 'Please add at least one name/phone/email.';

/**
 * Quick Add: free text split on new lines, commas or semicolons into ONE customer (emails and
 * phones recognised, the rest names), sent through POST /customers/bulk. Shown while `open`
 * (the header's Quick Add button, or the More menu's on phones), its text box focused.
 */
export function QuickAddPanel({
  id,
  open,
  onClose,
  categoryOptions,
  potentialOptions,
  onOpenExisting,
}: {
  /** The panel's id, which the Quick Add button controls. */
  id: string;
  open: boolean;
  onClose: () => void;
  categoryOptions: readonly string[];
  potentialOptions: readonly string[];
  /** A 409 from the fallback create: open the customer who has the phone or email. */
  onOpenExisting: (existing: Customer) => void;
}) {
  if (!open) return null;
  return (
    <QuickAddForm
      id={id}
      onClose={onClose}
      categoryOptions={categoryOptions}
      potentialOptions={potentialOptions}
      onOpenExisting={onOpenExisting}
    />
  );
}

function QuickAddForm({
  id: panelId,
  onClose,
  categoryOptions,
  potentialOptions,
  onOpenExisting,
}: {
  id: string;
  onClose: () => void;
  categoryOptions: readonly string[];
  potentialOptions: readonly string[];
  onOpenExisting: (existing: Customer) => void;
}) {
  const id = useId();
  const textBox = useRef<HTMLTextAreaElement>(null);
  // The button that opened the panel (Quick Add, or More on a phone) gets focus back on Close.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    opener.current = document.activeElement as HTMLElement | null;
    textBox.current?.focus();
  }, []);
  function close() {
    onClose();
    opener.current?.focus();
  }
  const toast = useToast();
  const bulk = useBulkCreateCustomers();
  const [text, setText] = useState('');
  const [categories, setCategories] = useState<string[]>([]);
  const [potential, setPotential] = useState('');
  const [error, setError] = useState('');
  const [existing, setExisting] = useState<Customer | null>(null);
  const parsed = parseQuickAdd(text);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    send(false);
  }

  function send(force: boolean) {
    if (bulk.isPending) return;
    setError('');
    setExisting(null);
    if (!hasContact(parsed)) {
      setError(NEED_ONE_VALUE);
      return;
    }
    bulk.mutate(
      {
        rows: [{ ...parsed, note: '' }],
        defaultCategories: categories,
        defaultPotential: potential,
        force,
      },
      {
        onSuccess: (result) => {
          if (result.created > 0) toast.show('Customer added', 'success');
          else if (result.updated > 0) toast.show('Customer updated', 'success');
          else toast.show('Already on the list: nothing was added.', 'warn');
          setText('');
        },
        onError: (caught) => {
          const body = caught instanceof ApiError ? (caught.body as DuplicateBody) : undefined;
          if (caught instanceof ApiError && caught.status === 409 && body?.customer) {
            setExisting(body.customer);
          }
          setError(caught.message || 'Add failed');
        },
      },
    );
  }

  return (
    <section
      id={panelId}
      role="group"
      className="ui-panel quick-add"
      aria-labelledby={`${id}-title`}
    >
      <div className="quick-add__head">
        <h2 id={`${id}-title`} className="quick-add__title">
          Quick Add
        </h2>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          aria-label="Close Quick Add"
          onClick={close}
        >
          <X aria-hidden="true" size={18} />
        </button>
      </div>
      <form className="quick-add__form" onSubmit={onSubmit} noValidate>
        <div className="ui-field quick-add__text">
          <label htmlFor={`${id}-text`} className="ui-field__label">
            Names, phones and emails
          </label>
          <textarea
            ref={textBox}
            id={`${id}-text`}
            className="ui-input"
            rows={3}
            value={text}
            aria-describedby={`${id}-hint ${id}-parsed`}
            onChange={(event) => setText(event.target.value)}
          />
          <span id={`${id}-hint`} className="ui-field__hint">
            Separate values with new lines, commas or semicolons: they make one customer.
          </span>
        </div>
        <MultiSelect
          label="Categories"
          options={categoryOptions}
          value={categories}
          onChange={setCategories}
          placeholder="None"
        />
        <label className="ui-field">
          <span className="ui-field__label">Potential</span>
          <select
            className="ui-input"
            value={potential}
            onChange={(event) => setPotential(event.target.value)}
          >
            <option value="">Not set</option>
            {potentialOptions.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <div className="quick-add__submit">
          <button type="submit" className="btn" aria-disabled={bulk.isPending || undefined}>
            {bulk.isPending ? 'Adding…' : 'Add'}
          </button>
        </div>
        <dl id={`${id}-parsed`} className="quick-add__parsed">
          <div>
            <dt>Names</dt>
            <dd>{parsed.names.join(', ') || '—'}</dd>
          </div>
          <div>
            <dt>Phones</dt>
            <dd>{parsed.phones.map(formatPhone).join(', ') || '—'}</dd>
          </div>
          <div>
            <dt>Emails</dt>
            <dd>{parsed.emails.join(', ') || '—'}</dd>
          </div>
        </dl>
        {error && (
          <div className="ui-alert quick-add__error" role="alert">
            <span>{error}</span>
            {existing && (
              <span className="ui-actions">
                <button
                  type="button"
                  className="btn btn--outline btn--small"
                  onClick={() => onOpenExisting(existing)}
                >
                  Open {customerLabel(existing)}
                </button>
                <button
                  type="button"
                  className="btn btn--small"
                  aria-disabled={bulk.isPending || undefined}
                  onClick={() => send(true)}
                >
                  Add anyway
                </button>
              </span>
            )}
          </div>
        )}
      </form>
    </section>
  );
}
