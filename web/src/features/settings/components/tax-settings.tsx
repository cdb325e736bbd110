import { useState, type FormEvent } from 'react';
import { GST_STATES } from '@contract/gst';
import type { BankDetails } from '@contract/settings';
import { errorMessage } from '../../../lib/api-client';
import { FormField, fieldErrors } from '../../../lib/form-field';
import { useUpdateSettings } from '../api/update-settings';
import type { Settings } from '../api/types';

type TaxDraft = Pick<
  Settings,
  'gstin' | 'legalName' | 'address' | 'state' | 'quoteTerms' | 'quotePrefix'
> & { quoteValidityDays: string; bank: BankDetails };

const NO_BANK: BankDetails = {
  accountName: '',
  bankName: '',
  accountNumber: '',
  ifsc: '',
  branch: '',
};

/** The form's values; an answer without these fields (an older server) shows them empty. */
const draftOf = (s: Partial<Settings>): TaxDraft => ({
  gstin: s.gstin ?? '',
  legalName: s.legalName ?? '',
  address: s.address ?? '',
  state: s.state ?? '',
  quoteTerms: s.quoteTerms ?? '',
  quotePrefix: s.quotePrefix ?? 'Q',
  quoteValidityDays: String(s.quoteValidityDays ?? 15),
  bank: { ...NO_BANK, ...s.bank },
});

const BANK_FIELDS: { key: keyof BankDetails; label: string }[] = [
  { key: 'accountName', label: 'Account name' },
  { key: 'bankName', label: 'Bank' },
  { key: 'accountNumber', label: 'Account number' },
  { key: 'ifsc', label: 'IFSC' },
  { key: 'branch', label: 'Branch' },
];

/** The company's GST details and quotation defaults: what every quotation PDF prints. */
export function TaxSettings({ settings }: { settings: Settings }) {
  const [draft, setDraft] = useState<TaxDraft>(() => draftOf(settings));
  const [saved, setSaved] = useState(false);
  const update = useUpdateSettings();
  const errors = fieldErrors(update.error);
  const change = (patch: Partial<TaxDraft>) => {
    setSaved(false);
    setDraft({ ...draft, ...patch });
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    try {
      const days = Number(draft.quoteValidityDays);
      const answer = await update.mutateAsync({
        ...draft,
        quoteValidityDays: Number.isInteger(days) ? days : Number.NaN,
      });
      setDraft(draftOf(answer));
      setSaved(true);
    } catch {
      // Shown below the form.
    }
  }

  return (
    <form className="settings ui-panel" onSubmit={save} noValidate aria-label="Tax and quotations">
      <h2 className="ui-panel__title">Tax and quotations</h2>
      <FormField
        label="GSTIN"
        value={draft.gstin}
        onValueChange={(gstin) => change({ gstin })}
        error={errors.gstin}
        hint="Its first two digits set the state."
        maxLength={20}
      />
      <FormField
        label="Legal name"
        value={draft.legalName}
        onValueChange={(legalName) => change({ legalName })}
        error={errors.legalName}
      />
      <FormField
        as="textarea"
        label="Address"
        value={draft.address}
        onValueChange={(address) => change({ address })}
        rows={2}
      />
      <FormField
        as="select"
        label="State"
        value={draft.state}
        onValueChange={(state) => change({ state })}
        error={errors.state}
        disabled={draft.gstin.trim() !== ''}
      >
        <option value="">Not set</option>
        {Object.entries(GST_STATES).map(([code, name]) => (
          <option key={code} value={code}>
            {code}-{name}
          </option>
        ))}
      </FormField>
      {BANK_FIELDS.map(({ key, label }) => (
        <FormField
          key={key}
          label={label}
          value={draft.bank[key]}
          onValueChange={(value) => change({ bank: { ...draft.bank, [key]: value } })}
          error={errors[`bank.${key}`]}
        />
      ))}
      <FormField
        as="textarea"
        label="Quotation terms"
        value={draft.quoteTerms}
        onValueChange={(quoteTerms) => change({ quoteTerms })}
        rows={3}
      />
      <FormField
        label="Quotes valid for (days)"
        inputMode="numeric"
        value={draft.quoteValidityDays}
        onValueChange={(quoteValidityDays) => change({ quoteValidityDays })}
        error={errors.quoteValidityDays}
      />
      <FormField
        label="Quote number prefix"
        value={draft.quotePrefix}
        onValueChange={(quotePrefix) => change({ quotePrefix })}
        error={errors.quotePrefix}
        hint="Q gives Q/2026-27/0001."
      />
      {update.isError && (
        <p className="ui-alert" role="alert">
          {errorMessage(update.error, 'Save failed')}
        </p>
      )}
      {saved && (
        <p className="ui-alert ui-alert--success" role="status">
          Saved
        </p>
      )}
      <div className="ui-actions ui-actions--end">
        <button type="submit" className="btn" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save tax details'}
        </button>
      </div>
    </form>
  );
}
