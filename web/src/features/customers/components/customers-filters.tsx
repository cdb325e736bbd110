import { ArrowDown, ArrowUp } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { DateRangeFilters, FilterInput, SearchBox } from '../../../lib/filter-fields';
import { FiltersButton } from '../../../lib/filters-button';
import { MultiSelect } from '../../../lib/multi-select';
import { ViewToggle, type ListView } from '../../../lib/view-toggle';
import type { OwnerOption } from '../../../resources/customers/owner-options';
import { SORT_FIELDS } from '../api/types';
import type { CustomerListParams, CustomerSort, SortDir } from '../api/types';
import { SORT_LABELS, datesReversed, defaultDir } from '../model/list-params';

const activeFilters = (params: CustomerListParams) =>
  [
    params.categories.length > 0,
    params.potential,
    params.from,
    params.to,
    params.owner,
    params.contactedFrom,
    params.contactedTo,
    params.tag,
  ].filter(Boolean).length;

/**
 * Search, filters, sort and the cards/table switch on one bar (with `tools`: wide screens' Reset
 * and Refresh). The search stays in view; the filters and sort open under 'Filters', which
 * counts the active ones.
 */
export function CustomersFilters({
  search,
  onSearch,
  tag,
  onTag,
  params,
  onChange,
  categoryOptions,
  potentialOptions,
  ownerOptions,
  view,
  onView,
  tools,
  saved,
}: {
  search: string;
  onSearch: (text: string) => void;
  /** The entry tag as typed (sent after a pause, as the search is). */
  tag: string;
  onTag: (text: string) => void;
  params: CustomerListParams;
  onChange: (change: Partial<CustomerListParams>) => void;
  categoryOptions: readonly string[];
  potentialOptions: readonly string[];
  /** The owner filter's choices, '' (anyone's) first. */
  ownerOptions: readonly OwnerOption[];
  /** The Cards/Table switch on the bar; absent when the page shows it elsewhere (phones). */
  view?: ListView;
  onView?: (view: ListView) => void;
  tools?: ReactNode;
  /** The saved searches, at the end of the folded filters. */
  saved?: ReactNode;
}) {
  const id = useId();
  const dateOrderWrong = datesReversed(params);
  const active = activeFilters(params);
  const [open, setOpen] = useState(active > 0);

  return (
    <section className="ui-panel customers-filters" aria-label="Search and filters">
      <div className="customers-filters__bar">
        <SearchBox
          className="customers-filters__search"
          placeholder="Name, phone, email"
          value={search}
          onChange={onSearch}
        />
        <FiltersButton
          open={open}
          onToggle={() => setOpen((was) => !was)}
          active={active}
          controls={`${id}-more`}
        />
        {tools}
        {view && onView && (
          <ViewToggle view={view} onView={onView} className="customers-filters__view" />
        )}
      </div>
      <div id={`${id}-more`} className="customers-filters__more" hidden={!open}>
        <MultiSelect
          label="Categories"
          options={categoryOptions}
          value={params.categories}
          onChange={(categories) => onChange({ categories })}
        />
        <label className="ui-field">
          <span className="ui-field__label">Potential</span>
          <select
            className="ui-input"
            value={params.potential}
            onChange={(event) => onChange({ potential: event.target.value })}
          >
            <option value="">Any</option>
            {potentialOptions.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <FilterInput label="Entry tag" placeholder="Any" value={tag} onChange={onTag} />
        <label className="ui-field">
          <span className="ui-field__label">Owner</span>
          <select
            className="ui-input"
            value={params.owner}
            onChange={(event) => onChange({ owner: event.target.value })}
          >
            {ownerOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <DateRangeFilters
          labels={{ from: 'Created from', to: 'Created to' }}
          from={params.from}
          to={params.to}
          onChange={onChange}
          noteId={dateOrderWrong ? `${id}-dates` : undefined}
        />
        <DateRangeFilters
          labels={{ from: 'Last contacted from', to: 'Last contacted to' }}
          from={params.contactedFrom}
          to={params.contactedTo}
          onChange={(end) =>
            onChange('from' in end ? { contactedFrom: end.from } : { contactedTo: end.to })
          }
          noteId={dateOrderWrong ? `${id}-dates` : undefined}
        />
        <div className="customers-filters__sort">
          <label className="ui-field">
            <span className="ui-field__label">Sort by</span>
            <select
              className="ui-input"
              value={params.sort}
              onChange={(event) => {
                const sort = event.target.value as CustomerSort;
                onChange({ sort, dir: defaultDir(sort) });
              }}
            >
              {SORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {field === 'createdAt' ? 'Created date' : SORT_LABELS[field]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="btn btn--outline customers-filters__dir"
            onClick={() => onChange({ dir: (params.dir === 'asc' ? 'desc' : 'asc') as SortDir })}
          >
            <span className="visually-hidden">Sort direction: </span>
            {params.dir === 'asc' ? (
              <ArrowUp aria-hidden="true" size={16} />
            ) : (
              <ArrowDown aria-hidden="true" size={16} />
            )}
            {params.dir === 'asc' ? 'Ascending' : 'Descending'}
          </button>
        </div>
        {saved}
      </div>
      {dateOrderWrong && (
        <p id={`${id}-dates`} className="ui-error-text customers-filters__note">
          The from date is after the to date, so no customer matches.
        </p>
      )}
    </section>
  );
}
