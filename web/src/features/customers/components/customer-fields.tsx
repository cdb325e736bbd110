import { GST_STATES } from '@contract/gst';
import { MultiSelect } from '../../../lib/multi-select';
import type { CustomerInput } from '../api/types';
import type { FieldErrors } from '../model/customer-input';
import { MultiValueField } from './multi-value-field';

/** The customer's fields, each with the server's error for it underneath. */
export function CustomerFields({
  form,
  set,
  fieldErrors,
  categoryOptions,
  potentialOptions,
}: {
  form: CustomerInput;
  set: <K extends keyof CustomerInput>(key: K, value: CustomerInput[K]) => void;
  fieldErrors: FieldErrors;
  categoryOptions: readonly string[];
  potentialOptions: readonly string[];
}) {
  // A saved potential no longer offered stays choosable, so editing does not drop it.
  const potentials = [
    ...potentialOptions,
    ...(form.potential && !potentialOptions.includes(form.potential) ? [form.potential] : []),
  ];
  return (
    <>
      <MultiValueField
        label="Names"
        itemLabel="Name"
        values={form.names}
        onChange={(names) => set('names', names)}
        autoFocus
        autoComplete="off"
        error={fieldErrors.names}
      />
      <MultiValueField
        label="Phones"
        itemLabel="Phone"
        type="tel"
        values={form.phones}
        onChange={(phones) => set('phones', phones)}
        autoComplete="off"
        error={fieldErrors.phones}
      />
      <MultiValueField
        label="Emails"
        itemLabel="Email"
        type="email"
        values={form.emails}
        onChange={(emails) => set('emails', emails)}
        autoComplete="off"
        error={fieldErrors.emails}
      />
      <MultiSelect
        label="Categories"
        options={[
          ...categoryOptions,
          ...form.categories.filter((c) => !categoryOptions.includes(c)),
        ]}
        value={form.categories}
        onChange={(categories) => set('categories', categories)}
        placeholder="None"
        inline
      />
      {fieldErrors.categories && <p className="ui-error-text">{fieldErrors.categories}</p>}
      <label className="ui-field">
        <span className="ui-field__label">Potential</span>
        <select
          className="ui-input"
          value={form.potential}
          onChange={(event) => set('potential', event.target.value)}
        >
          <option value="">Not set</option>
          {potentials.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        {fieldErrors.potential && <span className="ui-error-text">{fieldErrors.potential}</span>}
      </label>
      <label className="ui-field">
        <span className="ui-field__label">GSTIN</span>
        <input
          className="ui-input"
          value={form.gstin ?? ''}
          onChange={(event) => set('gstin', event.target.value)}
          autoComplete="off"
          maxLength={20}
          aria-invalid={fieldErrors.gstin ? true : undefined}
          aria-describedby="customer-gstin-hint"
        />
        <span id="customer-gstin-hint" className="ui-muted">
          For quotations: its first two digits set the billing state.
        </span>
        {fieldErrors.gstin && <span className="ui-error-text">{fieldErrors.gstin}</span>}
      </label>
      <label className="ui-field">
        <span className="ui-field__label">Billing state</span>
        <select
          className="ui-input"
          value={form.billingState ?? ''}
          onChange={(event) => set('billingState', event.target.value)}
          disabled={Boolean(form.gstin?.trim())}
        >
          <option value="">Not set</option>
          {Object.entries(GST_STATES).map(([code, name]) => (
            <option key={code} value={code}>
              {code}-{name}
            </option>
          ))}
        </select>
        {fieldErrors.billingState && (
          <span className="ui-error-text">{fieldErrors.billingState}</span>
        )}
      </label>
      <label className="ui-field">
        <span className="ui-field__label">Note</span>
        <textarea
          className="ui-input"
          rows={3}
          value={form.note}
          onChange={(event) => set('note', event.target.value)}
        />
        {fieldErrors.note && <span className="ui-error-text">{fieldErrors.note}</span>}
      </label>
    </>
  );
}
