import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../lib/dialog';
import { FormField } from '../../../lib/form-field';
import { useToast } from '../../../lib/toast';
import { UPDATE_FAILED, useUpdateEntry } from '../api/update-entry';
import { ENTRY_CHANNELS } from '../api/types';
import type { Entry } from '../api/types';
import { PROCESSES } from '../add-entry/model/constants';
import { CHANNEL_LABELS, NO_FILES } from '../model/constants';
import { editError, editUpdate, initialEditForm } from '../model/edit-form';
import type { EditForm } from '../model/edit-form';
import { fileSize } from '../model/entry-view';
import { TextAreaField } from '../add-entry/components/text-area-field';

const ONE_A_LINE = 'One a line (or separated by commas).';

export function EditEntryDialog({ entry, onClose }: { entry: Entry | null; onClose: () => void }) {
  return (
    <Dialog open={entry !== null} onClose={onClose} title="Edit Entry">
      {entry && <EditEntryForm key={entry._id} entry={entry} onDone={onClose} />}
    </Dialog>
  );
}

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ui-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}

function EditEntryForm({ entry, onDone }: { entry: Entry; onDone: () => void }) {
  const toast = useToast();
  const update = useUpdateEntry();
  const [form, setForm] = useState<EditForm>(() => initialEditForm(entry));
  const [error, setError] = useState('');
  const set = (change: Partial<EditForm>) => setForm((f) => ({ ...f, ...change }));
  const field = (key: keyof EditForm) => (value: string) => set({ [key]: value });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const problem = editError(form);
    setError(problem ?? '');
    if (problem) return;
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
      <TextAreaField
        label="Description"
        value={form.description}
        onValueChange={field('description')}
      />
      <div className="entries-form__row">
        <FormField label="Category" value={form.category} onValueChange={field('category')} />
        <Select label="Channel" value={form.channel} onChange={field('channel')}>
          {ENTRY_CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {CHANNEL_LABELS[channel]}
            </option>
          ))}
        </Select>
        <Select label="Process" value={form.process} onChange={field('process')}>
          <option value="">None</option>
          {PROCESSES.map((process) => (
            <option key={process} value={process}>
              {process}
            </option>
          ))}
        </Select>
      </div>
      <FormField
        label="Tags"
        hint="Separated by commas."
        value={form.tags}
        onValueChange={field('tags')}
      />
      <TextAreaField
        label="Extra note"
        rows={2}
        value={form.extraNote}
        onValueChange={field('extraNote')}
      />
      <fieldset className="entries-fieldset">
        <legend className="ui-field__label">Attachments</legend>
        {entry.attachments.length === 0 ? (
          <p className="ui-muted">{NO_FILES}</p>
        ) : (
          entry.attachments.map((file) => (
            <label key={file.url} className="entries-check">
              <input
                type="checkbox"
                className="ui-checkbox"
                checked={form.keptUrls.includes(file.url)}
                onChange={(event) =>
                  set({
                    keptUrls: event.target.checked
                      ? [...form.keptUrls, file.url]
                      : form.keptUrls.filter((u) => u !== file.url),
                  })
                }
              />
              Keep {file.name} ({fileSize(file.size)})
            </label>
          ))
        )}
      </fieldset>
      <fieldset className="entries-fieldset">
        <legend className="ui-field__label">Customer</legend>
        <div className="entries-form__row">
          <TextAreaField
            label="Names"
            rows={2}
            hint={ONE_A_LINE}
            value={form.names}
            onValueChange={field('names')}
          />
          <TextAreaField
            label="Phones"
            rows={2}
            hint={ONE_A_LINE}
            value={form.phones}
            onValueChange={field('phones')}
          />
          <TextAreaField
            label="Emails"
            rows={2}
            hint={ONE_A_LINE}
            value={form.emails}
            onValueChange={field('emails')}
          />
        </div>
      </fieldset>
      {error && (
        <p className="ui-alert" role="alert">
          {error}
        </p>
      )}
      <div className="ui-actions ui-actions--end">
        <button type="button" className="btn btn--outline" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn" aria-disabled={update.isPending || undefined}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
