import { errorMessage } from '../../../lib/api-client';
import { Clip } from '../../../lib/clip';
import { formatPhone } from '../../../lib/phone';
import { PREVIEW_FAILED, usePreviewMessage } from '../api/preview-message';
import type { PreviewRequest, WhatsAppPreview } from '../api/types';
import { windowLabel } from '../model/window-label';
import './whatsapp.css';

/**
 * What the customer will receive on WhatsApp, asked of the server as the composer changes: the
 * 24-hour window, the approved template that goes (if one does), the text word for word, and
 * in words why nothing or not everything goes. null shows nothing (WhatsApp off).
 */
export function WhatsAppPreviewPanel({
  request,
  recipientName,
}: {
  request: PreviewRequest | null;
  /** Who receives it, named in "… will receive:" (else "The customer"). */
  recipientName?: string;
}) {
  const preview = usePreviewMessage(request);
  if (request === null) return null;
  return (
    <section className="wa-preview" aria-label="WhatsApp preview" aria-live="polite">
      {preview.isError ? (
        <p className="ui-alert wa-preview__alert" role="alert">
          {errorMessage(preview.error, PREVIEW_FAILED)}
        </p>
      ) : preview.data ? (
        <PreviewBody data={preview.data} recipientName={recipientName} />
      ) : (
        <p className="ui-muted">Checking what the customer will receive…</p>
      )}
    </section>
  );
}

function PreviewBody({ data, recipientName }: { data: WhatsAppPreview; recipientName?: string }) {
  return (
    <>
      <p className="wa-preview__window">
        <span className={`ui-badge ${data.window.open ? 'ui-badge--success' : 'wa-badge--warn'}`}>
          {windowLabel(data.window)}
        </span>
        <span className="ui-muted wa-preview__to"> · {formatPhone(data.to)}</span>
      </p>
      {data.template && (
        <p className="ui-muted">
          Approved template <strong>{data.template.name}</strong> ({data.template.language})
        </p>
      )}
      {data.preview && (
        <>
          <p className="wa-preview__label">{recipientName ?? 'The customer'} will receive:</p>
          <Clip as="div" className="wa-preview__text" full={data.preview} />
        </>
      )}
      {data.notSent && <p className="ui-alert wa-preview__alert">{data.notSent}</p>}
      {data.skipped && <p className="wa-preview__note">{data.skipped}</p>}
    </>
  );
}
