// The file in a template's DOCUMENT or IMAGE header, the same for every recipient: uploaded
// here, or (a document) one of the company's PDFs or a quote's PDF. The server checks it again.
import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { HEADER_FILES, type MediaHeaderFormat } from '@contract/broadcasts';
import { errorMessage } from '../../../lib/api-client';
import { FieldFrame } from '../../../lib/field-frame';
import { FormField } from '../../../lib/form-field';
import { useFixedPdfs } from '../../../resources/entries';
import { uploadHeaderFile, useHeaderQuotes } from '../api/broadcasts-api';
import type { HeaderChoice } from '../model/composer';

/** Only the app's own files can go in a header (the server signs a link for Meta). */
const UPLOADED = '/api/files/uploads/';
const FILE = 'file:';
const QUOTE = 'quote:';

export const quoteFileName = (number: string) => `Quote ${number} (PDF)`;

/** The chosen file's name, and the picture itself for an image. */
export function HeaderFileShown({ choice }: { choice: HeaderChoice }) {
  if (choice.source === 'file' && choice.mimetype.startsWith('image/'))
    return <img className="broadcast-preview__image" src={choice.url} alt={choice.name} />;
  return <p className="broadcast-preview__file">📄 {choice.name}</p>;
}

export function HeaderField({
  format,
  value,
  onChange,
}: {
  format: MediaHeaderFormat;
  value: HeaderChoice | null;
  onChange: (header: HeaderChoice | null) => void;
}) {
  const wanted = HEADER_FILES[format];
  const document = format === 'DOCUMENT';
  const fixedPdfs = useFixedPdfs().filter((pdf) => pdf.url.startsWith(UPLOADED));
  const quotes = useHeaderQuotes(document).data ?? [];
  const [wrongType, setWrongType] = useState('');
  const upload = useMutation({
    mutationFn: uploadHeaderFile,
    onSuccess: (file) => onChange({ source: 'file', ...file }),
  });

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const fits = (wanted.mimetypes as readonly string[]).includes(file.type);
    setWrongType(fits ? '' : `The template's ${format} header takes ${wanted.words}`);
    if (fits) upload.mutate(file);
  }

  function choose(next: string) {
    if (next.startsWith(FILE)) {
      const pdf = fixedPdfs.find((p) => p.url === next.slice(FILE.length));
      if (pdf)
        onChange({ source: 'file', url: pdf.url, name: pdf.title, mimetype: wanted.mimetypes[0] });
    } else if (next.startsWith(QUOTE)) {
      const quote = quotes.find((q) => q._id === next.slice(QUOTE.length));
      if (quote)
        onChange({ source: 'quote', quoteId: quote._id, name: quoteFileName(quote.number) });
    } else {
      onChange(null);
    }
  }

  const chosen = !value
    ? ''
    : value.source === 'quote'
      ? `${QUOTE}${value.quoteId}`
      : fixedPdfs.some((p) => p.url === value.url)
        ? `${FILE}${value.url}`
        : '';
  const error = wrongType || (upload.error ? errorMessage(upload.error, 'Upload failed') : '');
  return (
    <div className="broadcast-header" role="group" aria-label="Header file">
      <FieldFrame
        label={document ? 'Header document (upload a PDF)' : 'Header image (upload a picture)'}
        hint={`The template's ${format} header shows ${wanted.words}, the same for everyone.`}
        error={error || undefined}
        control={(wiring) => (
          <input
            {...wiring}
            type="file"
            className="broadcast-header__file"
            accept={wanted.mimetypes.join(',')}
            disabled={upload.isPending}
            onChange={pick}
          />
        )}
      />
      {document && (fixedPdfs.length > 0 || quotes.length > 0) && (
        <FormField
          as="select"
          label="Or a company PDF or a quote's PDF"
          value={chosen}
          onValueChange={choose}
        >
          <option value="">Choose…</option>
          {fixedPdfs.length > 0 && (
            <optgroup label="Company PDFs">
              {fixedPdfs.map((pdf) => (
                <option key={pdf.url} value={`${FILE}${pdf.url}`}>
                  {pdf.title}
                </option>
              ))}
            </optgroup>
          )}
          {quotes.length > 0 && (
            <optgroup label="Quotes">
              {quotes.map((quote) => (
                <option key={quote._id} value={`${QUOTE}${quote._id}`}>
                  {quote.number} · {quote.customerName}
                </option>
              ))}
            </optgroup>
          )}
        </FormField>
      )}
      {upload.isPending && <p className="ui-muted">Uploading…</p>}
      {value && !upload.isPending && (
        <p className="ui-muted">
          In the header: {value.name}{' '}
          <button
            type="button"
            className="btn btn--outline btn--small"
            onClick={() => onChange(null)}
          >
            Remove
          </button>
        </p>
      )}
    </div>
  );
}
