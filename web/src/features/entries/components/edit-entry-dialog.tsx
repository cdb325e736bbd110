import { useState } from 'react';
import type { FormEvent } from 'react';
import { CHANNELS } from '@contract/entries';
import { errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../lib/dialog';
import { DialogFormFooter } from '../../../lib/dialog-form-footer';
import { FormField } from '../../../lib/form-field';
import { useToast } from '../../../lib/toast';
import { type Entry, UPDATE_FAILED, useUpdateEntry } from '../../../resources/entries';
import { CHANNEL_LABELS, NO_FILES } from '../model/constants';
import { editError, editUpdate, initialEditForm } from '../model/edit-form';
import type { EditForm } from '../model/edit-form';
import { amountError } from '../model/shared/amount';
import { fileSize } from '../model/shared/file-size';
import { FileChecklist } from './file-checklist';
import { AmountField } from './shared/amount-field';
import { ProcessField } from './shared/process-field';

const ONE_A_LINE = 'One a line (or separated by commas).';
const CONTACT_FIELDS = [
  { key: 'names', label: 'Names' },
  { key: 'phones', label: 'Phones' },
  { key: 'emails', label: 'Emails' },
] as const;

export function EditEntryDialog({ entry, onClose }: { entry: Entry | null; onClose: () => void }) {
  return (
    <Dialog open={entry !== null} onClose={onClose} title="Edit Entry">
      {entry && <EditEntryForm key={entry._id} entry={entry} onDone={onClose} />}
    </Dialog>
  );
}

function EditEntryForm({ entry, onDone }: { entry: Entry; onDone: () => void }) {
  const toast = useToast();
  const update = useUpdateEntry();
  const [form, setForm] = useState<EditForm>(() => initialEditForm(entry));
  const [error, setError] = useState('');
  const [amountProblem, setAmountProblem] = useState('');
  const set = (change: Partial<EditForm>) => setForm((f) => ({ ...f, ...change }));
  const field = (key: keyof EditForm) => (value: string) => set({ [key]: value });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const badAmount = amountError(form.amount);
    setAmountProblem(badAmount ?? '');
    const problem = editError(form);
    setError(problem ?? '');
    if (badAmount || problem) return;
    update.mutate(
      { id: entry._id, update: editUpdate(form, entry) },
      {
        onSuccess: () => {
          toast.show('Entry updated', 'success');
          onDone();
        },
        onError: (err) => setError(errorMessage(err, UPDATE_FAILED)),
      },
    );
  }

  return (
    <form className="entries-dialog entries-form" onSubmit={onSubmit} noValidate>
      <FormField
        as="textarea"
        label="Description"
        value={form.description}
        onValueChange={field('description')}
      />
      <div className="entries-form__row">
        <FormField label="Category" value={form.category} onValueChange={field('category')} />
        <AmountField
          value={form.amount}
          onValueChange={field('amount')}
          error={amountProblem || undefined}
        />
        <FormField
          as="select"
          label="Channel"
          value={form.channel}
          onValueChange={field('channel')}
        >
          {CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </FormField>
        <ProcessField value={form.process} onValueChange={field('process')} />
      </div>
      <FormField
        label="Tags"
        hint="Separated by commas."
        value={form.tags}
        onValueChange={field('tags')}
      />
      <FormField
        as="textarea"
        label="Internal note"
        hint="Never sent to the customer."
        rows={2}
        value={form.extraNote}
        onValueChange={field('extraNote')}
      />
      <fieldset className="entries-fieldset">
        <legend className="ui-field__label">Attachments</legend>
        {entry.attachments.length === 0 ? (
          <p className="ui-muted">{NO_FILES}</p>
        ) : (
          <FileChecklist
            files={entry.attachments}
            checkedUrls={form.keptUrls}
            onChange={(keptUrls) => set({ keptUrls })}
            label={(file) => `Keep ${file.name} (${fileSize(file.size)})`}
          />
        )}
      </fieldset>
      <fieldset className="entries-fieldset">
        <legend className="ui-field__label">Customer</legend>
        <div className="entries-form__row">
          {CONTACT_FIELDS.map(({ key, label }) => (
            <FormField
              as="textarea"
              key={key}
              label={label}
              rows={2}
              hint={ONE_A_LINE}
              value={form[key]}
              onValueChange={field(key)}
            />
          ))}
        </div>
      </fieldset>
      <DialogFormFooter error={error} busy={update.isPending} onCancel={onDone} />
    </form>
  );
}
