import { FormField } from '../../../lib/form-field';
import { DEFAULT_CATEGORIES, POTENTIALS } from '@contract/customers';
import { EXCLUSION_REASONS, type AudienceCount } from '@contract/broadcasts';
import { errorMessage } from '../../../lib/api-client';
import { DateRangeFilters, FilterInput } from '../../../lib/filter-fields';
import { MultiSelect } from '../../../lib/multi-select';
import { Tabs } from '../../../lib/tabs';
import { useOwnerOptions } from '../../../resources/customers/owner-options';
import { useSavedSearches } from '../../../resources/customers/saved-searches';
import { excludedSummary, formatCount, formatPaise } from '../model/numbers';
import { draftFilters, type AudienceMode, type ComposerDraft } from '../model/composer';

const MODES: { id: AudienceMode; label: string }[] = [
  { id: 'filters', label: 'Customer filters' },
  { id: 'phones', label: 'Phone list' },
];

/** Who receives it: the customer list's filters or pasted phones, and the live count. */
export function AudiencePanel({
  draft,
  onChange,
  count,
}: {
  draft: ComposerDraft;
  onChange: (change: Partial<ComposerDraft>) => void;
  count: { data?: AudienceCount; isFetching: boolean; error: unknown };
}) {
  // A broadcast is counted again when it starts: the owner is named, never "mine".
  const owners = useOwnerOptions({ everyone: true, withMine: false });
  const searches = useSavedSearches();
  return (
    <section className="ui-panel broadcast-composer__section" aria-label="Audience">
      <h2 className="ui-panel__title">Audience</h2>
      <Tabs
        label="Choose the audience by"
        items={MODES}
        selected={draft.mode}
        onSelect={(mode) => onChange({ mode })}
        size="small"
      >
        {draft.mode === 'filters' ? (
          <div className="broadcast-composer__filters">
            {searches.length > 0 && (
              <FormField
                as="select"
                label="Start from a saved search"
                value=""
                onValueChange={(id) => {
                  const search = searches.find((s) => s._id === id);
                  if (search) onChange(draftFilters(search.filters));
                }}
              >
                <option value="">Choose one</option>
                {searches.map((s) => (
                  <option key={s._id} value={s._id}>
                    {s.name}
                  </option>
                ))}
              </FormField>
            )}
            <FilterInput
              label="Name, phone, email"
              value={draft.q}
              onChange={(q) => onChange({ q })}
            />
            <MultiSelect
              label="Categories"
              options={DEFAULT_CATEGORIES}
              value={draft.categories}
              onChange={(categories) => onChange({ categories })}
              inline
            />
            <FormField
              as="select"
              label="Potential"
              value={draft.potential}
              onValueChange={(potential) => onChange({ potential })}
            >
              <option value="">Any</option>
              {POTENTIALS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </FormField>
            <FormField
              as="select"
              label="Owner"
              value={draft.owner}
              onValueChange={(owner) => onChange({ owner })}
            >
              {owners.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </FormField>
            <DateRangeFilters
              labels={{ from: 'Created from', to: 'Created to' }}
              from={draft.from}
              to={draft.to}
              onChange={onChange}
              noteId={undefined}
            />
            <FilterInput
              label="Entry tag"
              placeholder="Any"
              value={draft.tag}
              onChange={(tag) => onChange({ tag })}
            />
            <DateRangeFilters
              labels={{ from: 'Last contacted from', to: 'Last contacted to' }}
              from={draft.contactedFrom}
              to={draft.contactedTo}
              onChange={(end) =>
                onChange('from' in end ? { contactedFrom: end.from } : { contactedTo: end.to })
              }
              noteId={undefined}
            />
          </div>
        ) : (
          <FormField
            as="textarea"
            label="Phone numbers"
            hint="One per line, or paste a CSV column. Each must belong to a customer."
            rows={5}
            value={draft.phones}
            onValueChange={(phones) => onChange({ phones })}
          />
        )}
      </Tabs>
      <AudienceCountView count={count} />
    </section>
  );
}

/** A count: who will receive it, the cost, and (folded) who is excluded and why. */
export function AudienceCountView({
  count,
  idle = 'Paste phone numbers to count them',
}: {
  count: { data?: AudienceCount; isFetching: boolean; error: unknown };
  /** What shows before anything was counted. */
  idle?: string;
}) {
  if (count.error)
    return (
      <p className="ui-alert" role="alert">
        {errorMessage(count.error, 'Failed to count the audience')}
      </p>
    );
  if (!count.data)
    return (
      <p className="ui-muted" role="status">
        {count.isFetching ? 'Counting…' : idle}
      </p>
    );
  const { audienceCount, excluded, excludedSample, estimatedCost } = count.data;
  const summary = excludedSummary(excluded);
  return (
    <div className="broadcast-count" role="status" aria-busy={count.isFetching}>
      <p className="broadcast-count__total">
        <strong>{formatCount(audienceCount)}</strong>{' '}
        {audienceCount === 1 ? 'customer will receive it' : 'customers will receive it'}
        <span className="ui-muted"> · estimated cost {formatPaise(estimatedCost)}</span>
      </p>
      {summary ? (
        <details className="broadcast-count__excluded">
          <summary>Excluded: {summary}</summary>
          <ul>
            {excludedSample.map((who, index) => (
              <li key={`${who.phone}-${index}`}>
                {who.name || who.phone || 'A customer'}
                {who.name && who.phone ? ` (${who.phone})` : ''}: {EXCLUSION_REASONS[who.reason]}
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <p className="ui-muted">Nobody is excluded.</p>
      )}
    </div>
  );
}
