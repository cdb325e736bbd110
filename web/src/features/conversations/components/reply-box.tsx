import { Paperclip, Send, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { FormField } from '../../../lib/form-field';
import { formatDate } from '../../../lib/format';
import { useToast } from '../../../lib/toast';
import type { Attachment } from '../../../resources/entries';
import { OPTED_OUT, TemplateChoiceField, uploadFiles, useQuickReplyList } from '../../entries';
import { useTemplateChoices } from '../../../resources/templates';
import { WhatsAppPreviewPanel, windowLabel } from '../../whatsapp';
import { REPLY_FAILED, useSendReply } from '../api/send-reply';
import type { ReplyRequest } from '../api/types';
import { CHANNEL_WORDS, stateWords } from '../model/message-view';

export type ConversationCustomer = {
  _id: string;
  name: string;
  phone?: string;
  email?: string;
  /** The first phone's 24-hour window. */
  window: { open: boolean; openUntil: string | null };
  /** When the customer opted out of WhatsApp (wrote STOP), if they did. */
  optedOutAt?: string | null;
};

const OUTSIDE_HINT =
  'The customer has not written in 24 hours: only an approved template can go. The preview shows exactly what they will get.';

/**
 * The conversation's reply box: WhatsApp or email. Inside WhatsApp's 24-hour window the typed
 * text (and files) go at once; outside it an approved template goes (the company's default
 * when none is chosen), shown first exactly as the customer will read it.
 */
export function ReplyBox({
  customer,
  onSent,
  onFocus,
  compact = false,
}: {
  customer: ConversationCustomer;
  onSent: () => void;
  onFocus: () => void;
  /**
   * On a phone's conversation screen: inside the window the box's placeholder says whom it
   * writes to, as a chat's does, and its label is for screen readers only; the window's state
   * is left to the screen's header, which says it under the name, and outside it the preview
   * says what goes without the hint above it.
   */
  compact?: boolean;
}) {
  const id = useId();
  const toast = useToast();
  const send = useSendReply(customer._id);
  const fileInput = useRef<HTMLInputElement>(null);
  const optedOut = customer.optedOutAt
    ? `${OPTED_OUT} on ${formatDate(customer.optedOutAt)}: nothing goes on WhatsApp until they write START. Email still goes.`
    : '';
  const [picked, setChannel] = useState<ReplyRequest['channel']>(
    customer.phone && !optedOut ? 'whatsapp' : 'email',
  );
  // A customer who opts out while the page is open: WhatsApp is no longer offered.
  const channel = optedOut ? 'email' : picked;
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [templateId, setTemplateId] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  // Files already stored (a saved reply's): they go as they are, without an upload.
  const [stored, setStored] = useState<Attachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sentCount, setSentCount] = useState(0);
  const templates = useTemplateChoices();
  const whatsapp = channel === 'whatsapp';
  const outside = whatsapp && !customer.window.open;
  const reachable = whatsapp ? Boolean(customer.phone) : Boolean(customer.email);
  const quick = useQuickReplyList({
    text,
    customerName: customer.name,
    onlyApproved: outside,
    onPick: (fill) => {
      setText(fill.text);
      setTemplateId(fill.whatsappTemplateId);
      const file = fill.attachment;
      if (file)
        setStored((list) => (list.some((f) => f.url === file.url) ? list : [...list, file]));
    },
    onDismiss: () => setText(''),
  });
  const fileCount = files.length + stored.length;
  const empty = !text.trim() && fileCount === 0 && !(outside && templateId);
  const busy = send.isPending || uploading;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (empty || busy || !reachable) return;
    try {
      setUploading(files.length > 0);
      const uploaded = files.length > 0 && !outside ? await uploadFiles(files) : [];
      const attachments = outside ? [] : [...stored, ...uploaded];
      setUploading(false);
      const message = await send.mutateAsync({
        channel,
        text,
        ...(whatsapp && templateId ? { templateId } : {}),
        ...(!whatsapp && subject.trim() ? { subject: subject.trim() } : {}),
        attachments,
      });
      const label = CHANNEL_WORDS[channel];
      if (message.state === 'failed')
        toast.show(`${label} failed: ${message.error ?? ''}`, 'danger');
      else toast.show(`${label} ${stateWords(message).toLowerCase() || 'sent'}`, 'success');
      setText('');
      setFiles([]);
      setStored([]);
      setTemplateId('');
      setSentCount((count) => count + 1);
      onSent();
    } catch (error) {
      setUploading(false);
      toast.show(errorMessage(error, REPLY_FAILED), 'danger');
    }
  }

  return (
    <form
      className={outside ? 'reply-box reply-box--template' : 'reply-box'}
      aria-label="Reply"
      onSubmit={(e) => void onSubmit(e)}
      onFocus={onFocus}
    >
      <div className="reply-box__channels" role="radiogroup" aria-label="Send on">
        {(['whatsapp', 'email'] as const).map((option) => (
          <label key={option} className="reply-box__channel">
            <input
              type="radio"
              name={`${id}-channel`}
              value={option}
              checked={channel === option}
              disabled={option === 'whatsapp' && Boolean(optedOut)}
              onChange={() => setChannel(option)}
            />
            {CHANNEL_WORDS[option]}
          </label>
        ))}
        {whatsapp && !compact && (
          <span
            className={`ui-badge ${customer.window.open ? 'ui-badge--success' : 'wa-badge--warn'}`}
          >
            {windowLabel(customer.window)}
          </span>
        )}
      </div>
      {optedOut && (
        <p className="ui-muted reply-box__hint" data-testid="reply-opted-out">
          {optedOut}
        </p>
      )}
      {!reachable && (
        <p className="ui-alert" role="alert">
          {whatsapp ? 'This customer has no phone number.' : 'This customer has no email address.'}
        </p>
      )}
      {outside && (
        <>
          {!compact && <p className="ui-muted reply-box__hint">{OUTSIDE_HINT}</p>}
          {/* Keyed by what was sent, so it reads 'None' again after a send. */}
          <TemplateChoiceField
            key={sentCount}
            templates={templates}
            onPick={(pick) => {
              setTemplateId(pick.whatsappTemplateId);
              if (pick.message !== undefined) setText(pick.message);
            }}
          />
        </>
      )}
      {!whatsapp && (
        <FormField
          label="Subject"
          value={subject}
          onValueChange={setSubject}
          placeholder="Optional"
        />
      )}
      <FormField
        as="textarea"
        label={
          outside ? (
            'Text for the template'
          ) : compact ? (
            <span className="visually-hidden">Message</span>
          ) : (
            'Message'
          )
        }
        rows={2}
        value={text}
        placeholder={`Write to ${customer.name}… (/ for quick replies)`}
        onValueChange={setText}
        {...quick.textareaProps}
        onKeyDown={(event) => {
          if (quick.onKeyDown(event)) return;
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void onSubmit(event);
        }}
      />
      {quick.list}
      {outside && (
        <WhatsAppPreviewPanel
          request={{
            customerId: customer._id,
            text,
            ...(templateId ? { templateId } : {}),
            attachments: 0,
          }}
        />
      )}
      {fileCount > 0 && (
        <ul className="reply-box__files" aria-label="Files to send">
          {stored.map((file) => (
            <li key={file.url}>
              {file.name}
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={`Remove ${file.name}`}
                onClick={() => setStored(stored.filter((f) => f.url !== file.url))}
              >
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          ))}
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.name}
              <button
                type="button"
                className="btn btn--ghost btn--small"
                aria-label={`Remove ${file.name}`}
                onClick={() => setFiles(files.filter((_, i) => i !== index))}
              >
                <X aria-hidden="true" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="reply-box__actions">
        {!outside && (
          <>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              accept="image/*,application/pdf"
              onChange={(event) => {
                setFiles([...files, ...Array.from(event.target.files ?? [])]);
                event.target.value = '';
              }}
            />
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => fileInput.current?.click()}
            >
              <Paperclip aria-hidden="true" size={16} /> File
            </button>
          </>
        )}
        <button
          type="submit"
          className="btn"
          aria-disabled={empty || busy || !reachable || undefined}
        >
          <Send aria-hidden="true" size={16} />{' '}
          {busy ? 'Sending…' : `Send ${CHANNEL_WORDS[channel]}`}
        </button>
      </div>
    </form>
  );
}
