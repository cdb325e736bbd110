import { useId, useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { isDateRangeReversed } from '../../../lib/date-range';
import { FiltersButton } from '../../../lib/filters-button';
import { SelectField } from '../../../lib/select-field';
import { ViewToggle, type ListView } from '../../../lib/view-toggle';
import type { EmployeeChoice, EntryListParams } from '../api/types';
import { CHANNEL_FILTERS, CHANNEL_LABELS } from '../model/constants';
import { employeeLabels } from '../model/employee-labels';

function TextFilter({
  label,
  value,
  onChange,
  type = 'text',
  ...input
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'search' | 'tel' | 'date';
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'min' | 'max' | 'placeholder' | 'aria-describedby'
>) {
  return (
    <label className="ui-field">
      <span className="ui-field__label">{label}</span>
      <input
        {...input}
        type={type}
        className="ui-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** The filters behind the Filters button: everything but the free-text search. */
const FOLDED: (keyof EntryListParams)[] = [
  'name',
  'phone',
  'email',
  'channel',
  'tag',
  'from',
  'to',
  'employee',
];

export const activeFilterCount = (values: EntryListParams) =>
  FOLDED.filter((key) => values[key] !== '').length;

/**
 * The filter bar: `values` are what is typed, applied after the debounce. The search
 * box stays in view; the other filters open under 'Filters', which counts the active ones.
 */
export function EntriesFilters({
  values,
  onChange,
  employees,
  onRefresh,
  refreshing,
  view,
  onView,
}: {
  values: EntryListParams;
  onChange: (change: Partial<EntryListParams>) => void;
  employees: readonly EmployeeChoice[];
  onRefresh: () => void;
  refreshing: boolean;
  view: ListView;
  onView: (view: ListView) => void;
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
        <label className="ui-field entries-filters__search">
          {/* Named for screen readers; the placeholder says what to type. */}
          <span className="visually-hidden">Search</span>
          <input
            type="search"
            className="ui-input"
            placeholder="Search entries"
            value={values.q}
            onChange={(event) => text('q')(event.target.value)}
          />
        </label>
        <FiltersButton
          open={open}
          onToggle={() => setOpen((was) => !was)}
          active={active}
          controls={panelId}
        />
        <button
          type="button"
          className="btn btn--outline"
          aria-disabled={refreshing || undefined}
          onClick={onRefresh}
        >
          Refresh
        </button>
        <ViewToggle view={view} onView={onView} className="entries-filters__view" />
      </div>
      <div id={panelId} className="entries-filters__more" hidden={!open}>
        <TextFilter label="Name" value={values.name} onChange={text('name')} />
        <TextFilter label="Phone" type="tel" value={values.phone} onChange={text('phone')} />
        <TextFilter label="Email" value={values.email} onChange={text('email')} />
        <SelectField label="Channel" value={values.channel} onValueChange={text('channel')}>
          <option value="">Any</option>
          {CHANNEL_FILTERS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </SelectField>
        <TextFilter label="Tag" value={values.tag} onChange={text('tag')} />
        <TextFilter
          label="From"
          type="date"
          value={values.from}
          max={values.to || undefined}
          aria-describedby={datesNote}
          onChange={text('from')}
        />
        <TextFilter
          label="To"
          type="date"
          value={values.to}
          min={values.from || undefined}
          aria-describedby={datesNote}
          onChange={text('to')}
        />
        <SelectField label="Employee" value={values.employee} onValueChange={text('employee')}>
          <option value="">Anyone</option>
          {employees.map((employee) => (
            <option key={employee._id} value={employee._id}>
              {labels.get(employee._id)}
            </option>
          ))}
        </SelectField>
        {datesReversed && (
          <p id={datesNote} className="ui-error-text entries-filters__note">
            The From date is after the To date, so no entry matches.
          </p>
        )}
      </div>
    </section>
  );
}
