import { useId } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { ListState } from '../../../lib/list-state';
import { ADMIN_ROLE } from '../../../lib/roles';
import { useStoredValue } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { LOAD_CATALOG_FAILED, useCatalog } from '../api/get-catalog';
import { SYNC_FAILED, useSyncCatalog } from '../api/sync-catalog';
import type { CatalogTemplate } from '../api/types';
import './whatsapp.css';

const STATUS_CLASS: Record<string, string> = {
  APPROVED: 'ui-badge ui-badge--success',
  PENDING: 'ui-badge wa-badge--warn',
  IN_APPEAL: 'ui-badge wa-badge--warn',
  REJECTED: 'ui-badge wa-badge--danger',
  PAUSED: 'ui-badge wa-badge--danger',
  DISABLED: 'ui-badge wa-badge--danger',
};

function CatalogItem({ template }: { template: CatalogTemplate }) {
  return (
    <li className="ui-card wa-catalog__item">
      <div className="ui-card__head">
        <span className="ui-card__title">{template.name}</span>
        <span className={STATUS_CLASS[template.status] ?? 'ui-badge ui-badge--gray'}>
          {template.status || 'UNKNOWN'}
        </span>
      </div>
      <p className="ui-muted wa-catalog__meta">
        {template.language} · {template.category || 'no category'} · {template.paramCount} parameter
        {template.paramCount === 1 ? '' : 's'}
      </p>
      <p className="wa-catalog__body">{template.body || '—'}</p>
    </li>
  );
}

/**
 * The approved templates Meta lists for the company's WhatsApp account, as last synced, with
 * 'Sync from Meta' (admins) to read them again.
 */
export function CatalogPanel() {
  const headingId = useId();
  const canSync = useStoredValue('role') === ADMIN_ROLE;
  const catalog = useCatalog();
  const sync = useSyncCatalog();
  const toast = useToast();
  const templates = catalog.data ?? [];

  function onSync() {
    if (sync.isPending) return;
    sync.mutate(undefined, {
      onSuccess: (list) =>
        toast.show(
          `Synced ${list.length} template${list.length === 1 ? '' : 's'} from Meta`,
          'success',
        ),
    });
  }

  return (
    <section className="ui-panel wa-catalog" aria-labelledby={headingId}>
      <div className="wa-catalog__head">
        <h2 id={headingId} className="ui-panel__title">
          Approved templates from Meta
        </h2>
        {canSync && (
          <button
            type="button"
            className="btn btn--outline"
            aria-disabled={sync.isPending || undefined}
            onClick={onSync}
          >
            {sync.isPending ? 'Syncing…' : 'Sync from Meta'}
          </button>
        )}
      </div>
      <p className="ui-muted">
        Outside a customer&apos;s 24-hour window only these go on WhatsApp. Link a WhatsApp template
        below to one of them to send it from the composers.
      </p>
      {sync.isError && (
        <p className="ui-alert" role="alert">
          {errorMessage(sync.error, SYNC_FAILED)}
        </p>
      )}
      <ListState
        query={catalog}
        loading="Loading the approved templates…"
        errorFallback={LOAD_CATALOG_FAILED}
        isEmpty={templates.length === 0}
        empty={
          <p className="ui-empty">
            No templates synced yet.{canSync ? ' Press Sync from Meta to read them.' : ''}
          </p>
        }
      >
        <ul className="ui-cards wa-catalog__list" aria-label="Templates at Meta">
          {templates.map((template) => (
            <CatalogItem key={`${template.name}|${template.language}`} template={template} />
          ))}
        </ul>
      </ListState>
    </section>
  );
}
