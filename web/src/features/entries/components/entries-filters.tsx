import { useId, useState } from 'react';
import { ENTRY_FILTERS } from '@contract/entries';
import { isDateRangeReversed } from '../../../lib/date-range';
import { DateRangeFilters, FilterInput, SearchBox } from '../../../lib/filter-fields';
import { FiltersButton } from '../../../lib/filters-button';
import { FormField } from '../../../lib/form-field';
import { ViewToggle, type ListView } from '../../../lib/view-toggle';
import type { EmployeeChoice, EntryListParams } from '../../../resources/entries';
import { CHANNEL_FILTERS, CHANNEL_LABELS } from '../model/constants';
import { employeeLabels } from '../model/employee-labels';

/** The filters behind the Filters button: everything but the free-text search. */
const FOLDED = ENTRY_FILTERS.filter(
  (name): name is Exclude<typeof name, 'q' | 'status'> => name !== 'q' && name !== 'status',
);

export const activeFilterCount = (values: EntryListParams) =>
  FOLDED.filter((key) => values[key] !== '').length;

/**
 * The filter bar: `values` are what is typed, applied after the debounce. The search
 * box stays in view; the other filters open under 'Filters', which counts the active ones.
 * Refresh and the Cards/Table switch sit on it when given (phones have them in the header).
 */
export function EntriesFilters({
  values,
  onChange,
  employees,
  bar,
}: {
  values: EntryListParams;
  onChange: (change: Partial<EntryListParams>) => void;
  employees: readonly EmployeeChoice[];
  /** Absent: Refresh and the Cards/Table switch are elsewhere. */
  bar?: {
    onRefresh: () => void;
    refreshing: boolean;
    view: ListView;
    onView: (view: ListView) => void;
  };
}) {
  const text = (key: keyof EntryListParams) => (value: string) => onChange({ [key]: value });
  const active = activeFilterCount(values);
  const labels = employeeLabels(employees);
  const [open, setOpen] = useState(active > 0);
  const panelId = useId();
  const datesReversed = isDateRangeReversed(values.from, values.to);
  const datesNote = datesReversed ? `${panelId}-dates` : undefined;
  return (
    <section className="ui-panel entries-filters" aria-label="Search and filters">
      <div className="entries-filters__bar">
        <SearchBox
          className="entries-filters__search"
          placeholder="Search entries"
          value={values.q}
          onChange={text('q')}
        />
        <FiltersButton
          open={open}
          onToggle={() => setOpen((was) => !was)}
          active={active}
          controls={panelId}
        />
        {bar && (
          <>
            <RefreshButton refreshing={bar.refreshing} onRefresh={bar.onRefresh} />
            <ViewToggle view={bar.view} onView={bar.onView} className="entries-filters__view" />
          </>
        )}
      </div>
      <div id={panelId} className="entries-filters__more" hidden={!open}>
        <FilterInput label="Name" value={values.name} onChange={text('name')} />
        <FilterInput label="Phone" type="tel" value={values.phone} onChange={text('phone')} />
        <FilterInput label="Email" value={values.email} onChange={text('email')} />
        <FormField
          as="select"
          label="Channel"
          value={values.channel}
          onValueChange={text('channel')}
        >
          <option value="">Any</option>
          {CHANNEL_FILTERS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </FormField>
        <FilterInput label="Tag" value={values.tag} onChange={text('tag')} />
        <DateRangeFilters
          labels={{ from: 'From', to: 'To' }}
          from={values.from}
          to={values.to}
          onChange={onChange}
          noteId={datesNote}
        />
        <FormField
          as="select"
          label="Employee"
          value={values.employee}
          onValueChange={text('employee')}
        >
          <option value="">Anyone</option>
          {employees.map((employee) => (
            <option key={employee._id} value={employee._id}>
              {labels.get(employee._id)}
            </option>
          ))}
        </FormField>
        {datesReversed && (
          <p id={datesNote} className="ui-error-text entries-filters__note">
            The From date is after the To date, so no entry matches.
          </p>
        )}
      </div>
    </section>
  );
}

/** Refresh, busy (but still focusable) while the list loads. */
export function RefreshButton({
  refreshing,
  onRefresh,
}: {
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn--outline"
      aria-disabled={refreshing || undefined}
      onClick={onRefresh}
    >
      Refresh
    </button>
  );
}
