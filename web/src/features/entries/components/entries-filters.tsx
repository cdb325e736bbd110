import { useId, useState } from 'react';
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
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'search' | 'tel' | 'date';
}) {
  return (
    <label className="ui-field">
      <span className="ui-field__label">{label}</span>
      <input
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
  return (
    <section className="ui-panel entries-filters" aria-label="Search and filters">
      <div className="entries-filters__bar">
        <div className="entries-filters__search">
          <TextFilter label="Search" type="search" value={values.q} onChange={text('q')} />
        </div>
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
        <TextFilter label="From" type="date" value={values.from} onChange={text('from')} />
        <TextFilter label="To" type="date" value={values.to} onChange={text('to')} />
        <SelectField label="Employee" value={values.employee} onValueChange={text('employee')}>
          <option value="">Anyone</option>
          {employees.map((employee) => (
            <option key={employee._id} value={employee._id}>
              {labels.get(employee._id)}
            </option>
          ))}
        </SelectField>
      </div>
    </section>
  );
}
