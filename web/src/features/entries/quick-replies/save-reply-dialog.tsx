import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Dialog } from '../../../lib/dialog';
import { DialogFormFooter } from '../../../lib/dialog-form-footer';
import { FormField } from '../../../lib/form-field';
import { useToast } from '../../../lib/toast';
import { useFixedPdfs, type Attachment } from '../../../resources/entries';
import { useSaveReply } from '../../../resources/saved-replies';
import { fixedPdfAttachment } from '../add-entry/model/attachments';

/** The words a saved reply is first titled with: the message's opening words. */
const firstWords = (text: string) => text.trim().split(/\s+/).slice(0, 4).join(' ').slice(0, 40);

/**
 * "Save as quick reply" of a sent message: a title, the words (editable), and optionally one
 * file (one the message carried, or one of the settings' fixed PDFs). It then shows under "/"
 * in this person's message boxes.
 */
export function SaveReplyDialog({
  message,
  onClose,
}: {
  /** The sent message it starts from; null: closed. */
  message: { text: string; files: readonly Attachment[] } | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={message !== null} onClose={onClose} title="Save as quick reply">
      {message && <SaveReplyForm message={message} onClose={onClose} />}
    </Dialog>
  );
}

function SaveReplyForm({
  message,
  onClose,
}: {
  message: { text: string; files: readonly Attachment[] };
  onClose: () => void;
}) {
  const id = useId();
  const toast = useToast();
  const save = useSaveReply();
  const fixedPdfs = useFixedPdfs();
  const files = [...message.files, ...fixedPdfs.map(fixedPdfAttachment)];
  const [title, setTitle] = useState(firstWords(message.text));
  const [content, setContent] = useState(message.text);
  const [fileUrl, setFileUrl] = useState(message.files[0]?.url ?? '');
  const [error, setError] = useState('');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    if (!title.trim() || !content.trim()) {
      setError(!title.trim() ? 'Title is required' : 'Text is required');
      return;
    }
    try {
      const attachment = files.find((file) => file.url === fileUrl) ?? null;
      await save.mutateAsync({ title: title.trim(), content, attachment });
      toast.show(`Saved as quick reply "${title.trim()}": type / to use it`, 'success');
      onClose();
    } catch (failure) {
      setError(errorMessage(failure, 'The reply could not be saved'));
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-describedby={`${id}-error`}>
      <FormField label="Title" value={title} onValueChange={setTitle} maxLength={80} />
      <FormField as="textarea" label="Text" rows={4} value={content} onValueChange={setContent} />
      <FormField
        as="select"
        label="File"
        value={fileUrl}
        onValueChange={setFileUrl}
        hint="Goes with the words when you choose this reply"
      >
        <option value="">None</option>
        {files.map((file) => (
          <option key={file.url} value={file.url}>
            {file.name}
          </option>
        ))}
      </FormField>
      <DialogFormFooter
        error={error}
        errorId={`${id}-error`}
        busy={save.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
