import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { customerPath } from '../../../lib/app-paths';
import { Dialog } from '../../../lib/dialog';
import { formatPhone } from '../../../lib/phone';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useListboxKeys } from '../../../lib/use-listbox-keys';
import { useCustomerSearch } from '../api/get-customers';
import type { Customer } from '../api/types';
import { SEARCH_DEBOUNCE_MS } from '../model/constants';
import { customerLabel } from '../model/customer-label';
import '../customer-search.css';
import { useIsPhone } from '../../../lib/use-media-query';

/**
 * The top bar's search: it finds a customer by name, phone or email and opens their page. The
 * layout opens it from its button or its keyboard shortcut (Ctrl/⌘-K, '/').
 */
export function CustomerSearch({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const isPhone = useIsPhone();
  return (
    <>
      <button
        type="button"
        className="btn btn--outline customer-search__open"
        aria-keyshortcuts="Control+K Meta+K /"
        onClick={() => onOpenChange(true)}
      >
        <Search aria-hidden="true" size={16} />
        {/* An icon on a phone: the words stay the button's name for screen readers. */}
        <span className={isPhone ? 'visually-hidden' : undefined}>Search customers</span>
        <kbd className="customer-search__kbd" aria-hidden="true">
          Ctrl K
        </kbd>
      </button>
      <Dialog open={open} onClose={() => onOpenChange(false)} title="Search customers">
        <SearchForm onDone={() => onOpenChange(false)} />
      </Dialog>
    </>
  );
}

function SearchForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const results = useCustomerSearch(q);
  const found = text.trim() ? (results.data?.items ?? []) : [];

  function openCustomer(customer: Customer) {
    onDone();
    navigate(customerPath(customer._id));
  }
  const keys = useListboxKeys({ options: found, search: text, onPick: openCustomer });
  const current = keys.index;

  const optionId = (index: number) => `${id}-option-${index}`;
  return (
    <div className="customer-search">
      <label className="ui-field" htmlFor={`${id}-q`}>
        <span className="ui-field__label">Name, phone or email</span>
        <input
          id={`${id}-q`}
          type="text"
          className="ui-input"
          role="combobox"
          aria-expanded={found.length > 0}
          aria-controls={`${id}-results`}
          aria-autocomplete="list"
          aria-activedescendant={found.length > 0 ? optionId(current) : undefined}
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={keys.onKeyDown}
        />
      </label>
      <ul
        id={`${id}-results`}
        role="listbox"
        aria-label="Customers found"
        className="customer-search__results"
      >
        {found.map((customer, index) => (
          <li
            key={customer._id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={
              index === current ? 'customer-search__result is-active' : 'customer-search__result'
            }
            onMouseEnter={() => keys.highlight(index)}
            onClick={() => openCustomer(customer)}
          >
            <strong>{customerLabel(customer)}</strong>
            <span className="ui-muted">
              {[customer.phones?.[0] && formatPhone(customer.phones[0]), customer.emails?.[0]]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </li>
        ))}
      </ul>
      <p className="ui-muted customer-search__status" role="status">
        {!text.trim()
          ? 'Type to search; Enter opens the highlighted customer.'
          : results.isFetching
            ? 'Searching…'
            : results.isError
              ? 'Search failed'
              : found.length === 0
                ? 'No customer matches.'
                : `${found.length} found`}
      </p>
    </div>
  );
}
