import { useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatPhone } from '../../../lib/phone';
import { Dialog } from '../../../lib/dialog';
import { DialogFormFooter } from '../../../lib/dialog-form-footer';
import { FormField, fieldErrors } from '../../../lib/form-field';
import { useToast } from '../../../lib/toast';
import { useTemplateChoices } from '../../../resources/templates';
import { type Entry, FOLLOWUP_FAILED, useScheduleFollowUp } from '../../../resources/entries';
import { customerName } from '../model/entry-view';
import {
  DAY_PRESETS,
  DAYS_MESSAGE,
  MAX_DAYS,
  TIME_MESSAGE,
  followUpError,
  followUpRequest,
  initialFollowUpForm,
} from '../model/follow-up-form';
import type { FollowUpForm } from '../model/follow-up-form';
import { FileChecklist } from './file-checklist';
import { EmailTemplatePicker } from './shared/template-picker';
import { DifferentText } from './shared/different-text';
import { TemplateChoiceField } from './shared/template-choice-field';
import { WhatsAppFields } from './shared/whatsapp-fields';
import { CheckLabel } from '../../../lib/check-label';

/**
 * Schedules a follow-up: days (presets or custom) and a time of day, one message (write once)
 * with the one template picker, channels (each with its different text), files.
 */
export function FollowUpDialog({ entry, onClose }: { entry: Entry | null; onClose: () => void }) {
  return (
    <Dialog
      open={entry !== null}
      onClose={onClose}
      title={entry ? `Follow-up – ${customerName(entry)}` : 'Follow-up'}
    >
      {entry && <FollowUpFormView key={entry._id} entry={entry} onDone={onClose} />}
    </Dialog>
  );
}

function FollowUpFormView({ entry, onDone }: { entry: Entry; onDone: () => void }) {
  const toast = useToast();
  const schedule = useScheduleFollowUp();
  const templates = useTemplateChoices();
  const [form, setForm] = useState<FollowUpForm>(() => initialFollowUpForm(entry));
  const [error, setError] = useState('');
  const [daysError, setDaysError] = useState('');
  const [timeError, setTimeError] = useState('');
  const set = (change: Partial<FollowUpForm>) => setForm((f) => ({ ...f, ...change }));
  const field = (key: keyof FollowUpForm) => (value: string) => set({ [key]: value });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (schedule.isPending) return;
    const problem = followUpError(form, entry);
    // The days message stands under the Days field; the others concern the whole form.
    setDaysError(problem === DAYS_MESSAGE ? problem : '');
    setTimeError(problem === TIME_MESSAGE ? problem : '');
    setError(problem === DAYS_MESSAGE || problem === TIME_MESSAGE ? '' : (problem ?? ''));
    if (problem) return;
    schedule.mutate(
      { id: entry._id, request: followUpRequest(form, entry) },
      {
        onSuccess: () => {
          toast.show('Follow-up scheduled', 'success');
          onDone();
        },
        onError: (err) => {
          const days = fieldErrors(err).days;
          setDaysError(days ?? '');
          setError(days ? '' : errorMessage(err, FOLLOWUP_FAILED));
        },
      },
    );
  }

  return (
    <form className="entries-dialog entries-form" onSubmit={onSubmit} noValidate>
      <fieldset className="entries-fieldset">
        <legend className="ui-field__label">Follow up in</legend>
        <div className="entries-days">
          {[...DAY_PRESETS.map(String), 'custom'].map((preset) => (
            <label key={preset} className="entries-check">
              <input
                type="radio"
                name="days"
                value={preset}
                checked={form.preset === preset}
                onChange={() => set({ preset })}
              />
              {preset === 'custom' ? 'Custom' : `${preset} ${preset === '1' ? 'day' : 'days'}`}
            </label>
          ))}
        </div>
        {form.preset === 'custom' && (
          <FormField
            label="Days"
            type="number"
            min={1}
            max={MAX_DAYS}
            step={1}
            hint={`1 to ${MAX_DAYS}`}
            error={daysError}
            value={form.customDays}
            onValueChange={field('customDays')}
          />
        )}
      </fieldset>
      <FormField
        label="At"
        type="time"
        hint="Company time; it is sent and you are reminded then."
        error={timeError}
        value={form.time}
        onValueChange={field('time')}
      />
      <fieldset className="entries-fieldset">
        <legend className="ui-field__label">Message</legend>
        <TemplateChoiceField
          templates={templates}
          onPick={({ message, whatsappTemplateId }) =>
            set({ whatsappTemplateId, ...(message !== undefined && { note: message }) })
          }
        />
        <FormField
          as="textarea"
          label="Message"
          rows={3}
          value={form.note}
          onValueChange={field('note')}
          hint="Sent on each channel ticked (unless you open its different text) and kept as the follow-up's note."
        />
      </fieldset>
      <fieldset className="entries-fieldset">
        <legend className="ui-field__label">Channels</legend>
        <CheckLabel
          className="entries-check"
          checked={form.email}
          onChange={(email) => set({ email })}
        >
          Email {entry.customer.emails[0] ? `(${entry.customer.emails[0]})` : ''}
        </CheckLabel>
        {form.email && (
          <div className="entries-channel-fields">
            <FormField label="Subject" value={form.subject} onValueChange={field('subject')} />
            <DifferentText
              channel="email"
              open={form.emailOwnText}
              onToggle={(emailOwnText) => set({ emailOwnText })}
            >
              <EmailTemplatePicker
                templates={templates}
                templateId={form.emailTemplateId}
                onPick={({ templateId, body, subject }) =>
                  set({
                    emailTemplateId: templateId,
                    ...(body !== undefined && { emailText: body }),
                    ...(subject !== undefined && { subject }),
                  })
                }
              />
              <FormField
                as="textarea"
                label="Email text"
                value={form.emailText}
                onValueChange={field('emailText')}
                hint="Left empty, the message is sent."
              />
            </DifferentText>
          </div>
        )}
        <CheckLabel
          className="entries-check"
          checked={form.whatsapp}
          onChange={(whatsapp) => set({ whatsapp })}
        >
          WhatsApp {entry.customer.phones[0] ? `(${formatPhone(entry.customer.phones[0])})` : ''}
        </CheckLabel>
        {form.whatsapp && (
          <div className="entries-channel-fields">
            <WhatsAppFields
              ownText={form.whatsappOwnText}
              text={form.whatsappText}
              onChange={({ text, ownText }) =>
                set({
                  ...(text !== undefined && { whatsappText: text }),
                  ...(ownText !== undefined && { whatsappOwnText: ownText }),
                })
              }
              textHint="Left empty, the message is sent. The 24-hour window is checked again when the follow-up goes."
              preview={
                entry.customer.phones[0]
                  ? {
                      customerId: entry.customerId,
                      to: entry.customer.phones[0],
                      text: (form.whatsappOwnText && form.whatsappText.trim()) || form.note.trim(),
                      ...(form.whatsappTemplateId && { templateId: form.whatsappTemplateId }),
                      attachments: form.attachmentUrls.length,
                    }
                  : null
              }
            />
          </div>
        )}
      </fieldset>
      {entry.attachments.length > 0 && (
        <fieldset className="entries-fieldset">
          <legend className="ui-field__label">Attach the entry's files</legend>
          <FileChecklist
            files={entry.attachments}
            checkedUrls={form.attachmentUrls}
            onChange={(attachmentUrls) => set({ attachmentUrls })}
            label={(file) => file.name}
          />
        </fieldset>
      )}
      <DialogFormFooter
        error={error}
        busy={schedule.isPending}
        submitLabel="Schedule"
        busyLabel="Scheduling…"
        onCancel={onDone}
      />
    </form>
  );
}
