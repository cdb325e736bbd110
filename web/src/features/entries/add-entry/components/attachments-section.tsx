import { FileText, Film, Image as ImageIcon } from 'lucide-react';
import { useId } from 'react';
import type { ChangeEvent } from 'react';
import type { FixedPdf } from '../../../../resources/entries';
import { fileSize } from '../../model/shared/file-size';
import { mediaTypeOf } from '../model/attachments';
import { itemMimetype, itemName, itemSize } from './use-entry-attachments';
import type { AttachmentItem } from './use-entry-attachments';

const MEDIA_LABEL = { image: 'Image', video: 'Video', document: 'Document' } as const;
const MEDIA_ICON = { image: ImageIcon, video: Film, document: FileText } as const;

/** Files picked here, fixed company PDFs, and the list of what the entry will carry. */
export function AttachmentsSection({
  items,
  error,
  fixedPdfs,
  isAttached,
  onAddFiles,
  onAddFixedPdf,
  onRemove,
}: {
  items: readonly AttachmentItem[];
  error: string;
  fixedPdfs: readonly FixedPdf[];
  isAttached: (url: string) => boolean;
  onAddFiles: (files: File[]) => void;
  onAddFixedPdf: (pdf: FixedPdf) => void;
  onRemove: (id: number) => void;
}) {
  const id = useId();

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    onAddFiles(Array.from(event.target.files ?? []));
    event.target.value = ''; // the same file can be picked again after removing it
  }

  return (
    <fieldset className="add-entry__section">
      <legend className="add-entry__legend">Attachments</legend>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={id}>
          Add files
        </label>
        <input
          id={id}
          type="file"
          multiple
          accept=".pdf,application/pdf,image/*"
          className="add-entry__file"
          aria-describedby={`${id}-hint`}
          onChange={onPick}
        />
        <p id={`${id}-hint`} className="ui-field__hint">
          PDF or images, up to 10 MB each and 10 files; sent when you save.
        </p>
      </div>
      {error && (
        <p className="ui-error-text" role="alert">
          {error}
        </p>
      )}
      {fixedPdfs.length > 0 && (
        <div className="add-entry__fixed" role="group" aria-label="Company PDFs">
          {fixedPdfs.map((pdf) => (
            <button
              key={pdf.url}
              type="button"
              className="btn btn--outline btn--small"
              aria-label={`Attach ${pdf.title}`}
              disabled={isAttached(pdf.url)}
              onClick={() => onAddFixedPdf(pdf)}
            >
              + {pdf.title}
            </button>
          ))}
        </div>
      )}
      {items.length > 0 && (
        <ul className="add-entry__files" aria-label="Attached files">
          {items.map((item) => {
            const name = itemName(item);
            const media = mediaTypeOf(itemMimetype(item), name);
            const MediaIcon = MEDIA_ICON[media];
            return (
              <li key={item.id} className="add-entry__file-row">
                <MediaIcon aria-hidden="true" size={16} className="add-entry__file-icon" />
                <span className="add-entry__file-name">{name}</span>
                <span className="ui-badge ui-badge--gray">{MEDIA_LABEL[media]}</span>
                <span className="ui-muted">{fileSize(itemSize(item))}</span>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove ${name}`}
                  onClick={() => onRemove(item.id)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}
