import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { errorMessage } from '../../../../lib/api-client';
import { CheckLabel } from '../../../../lib/check-label';
import { Dialog } from '../../../../lib/dialog';
import { DialogFormFooter } from '../../../../lib/dialog-form-footer';
import { FormField } from '../../../../lib/form-field';
import { formatINR } from '../../../../lib/format';
import { useIsPhone } from '../../../../lib/use-media-query';
import { ADMIN_ROLE } from '../../../../lib/roles';
import { useStoredValue } from '../../../../lib/storage';
import { useToast } from '../../../../lib/toast';
import { useTemplateChoices } from '../../../../resources/templates';
import type { WhatsAppWindow } from '@contract/customers';
import {
  CREATE_FAILED,
  type EntryCustomer,
  useCreateEntry,
  useFixedPdfs,
} from '../../../../resources/entries';
import { customerName } from '../../model/entry-view';
import { amountError, amountValue } from '../../model/shared/amount';
import { firstEmail, firstPhone } from '../../model/shared/recipients';
import { channelToast } from '../../model/send-toasts';
import { useSaveTextTemplate } from '../api/save-text-template';
import { UPLOAD_FAILED } from '../api/upload-files';
import { defaultChannels, rememberChannels } from '../model/channel-defaults';
import { TEMPLATE_TITLE_LENGTH } from '../model/constants';
import { EMPTY_FORM, activeChannels, descriptionHint, entryBody } from '../model/entry-form';
import type { EntryForm } from '../model/entry-form';
import { useSavedTags } from '../model/saved-tags';
import { AttachmentsSection } from './attachments-section';
import { ChannelsSection } from './channels-section';
import { MessageSection } from './message-section';
import { MetaSection } from './meta-section';
import { MoreSection } from './more-section';
import { useEntryAttachments } from './use-entry-attachments';
import './add-entry.css';

export type AddEntryModalProps = {
  /** The customer the entry is for (with their WhatsApp state when known); null: closed. */
  customer: (EntryCustomer & { whatsappWindow?: WhatsAppWindow | null }) | null;
  /** The Customers screen's categories (its list plus those found on customers). */
  categoryOptions: readonly string[];
  onClose: () => void;
};

/**
 * The Add Entry modal opened from a customer: the message to the customer with its channels
 * right under it, an internal note that is never sent, and the rest (category, amount, process,
 * tags, files) under "More", folded on a phone so that the form fits one screen; Save stays in
 * view.
 */
export function AddEntryModal({ customer, categoryOptions, onClose }: AddEntryModalProps) {
  return (
    <Dialog open={customer !== null} onClose={onClose} title="Add Entry">
      {customer && (
        <AddEntryForm
          key={customer._id}
          customer={customer}
          categoryOptions={categoryOptions}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function AddEntryForm({
  customer,
  categoryOptions,
  onClose,
}: Omit<AddEntryModalProps, 'customer'> & {
  customer: EntryCustomer & { whatsappWindow?: WhatsAppWindow | null };
}) {
  const id = useId();
  const toast = useToast();
  const create = useCreateEntry();
  const saveTemplate = useSaveTextTemplate();
  const templates = useTemplateChoices();
  const fixedPdfs = useFixedPdfs();
  const savedTags = useSavedTags();
  const attachments = useEntryAttachments();
  const isAdmin = useStoredValue('role') === ADMIN_ROLE;
  const [form, setForm] = useState<EntryForm>(() => {
    const on = defaultChannels(customer, Boolean(customer.whatsappWindow?.optedOutAt));
    return {
      ...EMPTY_FORM,
      category: customer.categories[0] ?? '',
      whatsappOn: on.whatsapp,
      emailOn: on.email,
    };
  });
  const phone = useIsPhone();
  const [moreOpen, setMoreOpen] = useState(!phone);
  const [amountProblem, setAmountProblem] = useState('');
  const name = customerName({ customer });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const categories = [
    ...categoryOptions,
    ...customer.categories.filter((c) => !categoryOptions.includes(c)),
  ];
  const patch = (values: Partial<EntryForm>) => setForm((f) => ({ ...f, ...values }));
  const fail = (message: string) => {
    setError(message);
    toast.show(message, 'danger');
  };

  async function save() {
    if (busy) return;
    setError('');
    const problem = amountError(form.amount);
    setAmountProblem(problem ?? '');
    if (problem) {
      setMoreOpen(true);
      return;
    }
    setBusy(true);
    try {
      let files;
      try {
        files = await attachments.uploadPending();
      } catch (caught) {
        fail(errorMessage(caught, UPLOAD_FAILED));
        return;
      }
      const created = await create.mutateAsync(entryBody(form, customer, files));
      savedTags.remember(form.tags);
      rememberChannels(
        { whatsapp: form.whatsappOn, email: form.emailOn },
        { whatsapp: firstPhone(customer) !== '', email: firstEmail(customer) !== '' },
      );
      const message = form.description.trim();
      if (isAdmin && form.saveAsTemplate && message) {
        // A failure here is ignored (the entry is saved already).
        saveTemplate.mutate({ title: message.slice(0, TEMPLATE_TITLE_LENGTH), content: message });
      }
      toast.show('Entry created', 'success');
      const on = activeChannels(form, customer);
      for (const channel of ['whatsapp', 'email'] as const) {
        if (!on[channel] && !created.failed?.includes(channel)) continue;
        const { message, tone } = channelToast(channel, created.dispatch, created.failed);
        toast.show(message, tone);
      }
      onClose();
    } catch (caught) {
      fail(errorMessage(caught, CREATE_FAILED));
    } finally {
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  return (
    <form
      className="add-entry"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <MessageSection
        recipientName={name}
        description={form.description}
        onDescriptionChange={(description) => patch({ description })}
        onTemplatePick={({ message, whatsappTemplateId }) =>
          patch({ whatsappTemplateId, ...(message !== undefined && { description: message }) })
        }
        onQuickReply={(fill) => {
          patch({ description: fill.text, whatsappTemplateId: fill.whatsappTemplateId });
          if (fill.attachment) attachments.addStored(fill.attachment);
        }}
        onlyApproved={form.whatsappOn && customer.whatsappWindow?.open === false}
        fallbackHint={descriptionHint(form, customer)}
        templates={templates}
      />
      <ChannelsSection
        customer={customer}
        recipientName={name}
        values={form}
        onChange={patch}
        templates={templates}
        attachmentCount={attachments.items.length}
      />
      <FormField
        as="textarea"
        label="Internal note"
        rows={2}
        value={form.extraNote}
        onValueChange={(extraNote) => patch({ extraNote })}
        hint={`Never sent: for your team only, ${name} does not see it.`}
      />
      <MoreSection
        open={moreOpen}
        onToggle={setMoreOpen}
        summary={moreSummary(form, attachments.items.length)}
      >
        <MetaSection
          values={form}
          onChange={(key, value) => patch({ [key]: value })}
          categoryOptions={categories}
          tagSuggestions={savedTags.saved}
          amountError={amountProblem || undefined}
        />
        <AttachmentsSection
          items={attachments.items}
          error={attachments.limitError}
          fixedPdfs={fixedPdfs}
          isAttached={attachments.hasUrl}
          onAddFiles={attachments.addFiles}
          onAddFixedPdf={attachments.addFixedPdf}
          onRemove={attachments.remove}
        />
        {form.emailOn && firstEmail(customer) !== '' && (
          <FormField
            label="Subject"
            hint="The email's subject. Left empty, a default subject is used."
            value={form.emailSubject}
            onValueChange={(emailSubject) => patch({ emailSubject })}
            autoComplete="off"
          />
        )}
        {isAdmin && (
          <CheckLabel
            className="add-entry__check"
            checked={form.saveAsTemplate}
            onChange={(saveAsTemplate) => patch({ saveAsTemplate })}
          >
            <span>Save this message as a text template</span>
          </CheckLabel>
        )}
      </MoreSection>

      <div className="add-entry__footer">
        <DialogFormFooter error={error} errorId={`${id}-error`} busy={busy} onCancel={onClose} />
      </div>
    </form>
  );
}

/** What is set under "More", for its folded button. */
function moreSummary(form: EntryForm, files: number): string {
  const amount = amountValue(form.amount);
  return [
    form.category,
    amount !== undefined && amount > 0 ? formatINR(amount) : '',
    form.process,
    form.tags.length > 0 ? `${form.tags.length} tag${form.tags.length === 1 ? '' : 's'}` : '',
    files > 0 ? `${files} file${files === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}
