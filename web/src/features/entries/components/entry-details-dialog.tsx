import { Dialog } from '../../../lib/dialog';
import { formatDateTime } from '../../../lib/format';
import { formatPhone } from '../../../lib/phone';
import type { Entry } from '../../../resources/entries';
import { channelLabel } from '../model/entry-view';
import { FileLinks, MetaItems, StatusBadge } from './entry-parts';

const list = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : '—');

/** Every field of the entry, its files ('No files added.') and its follow-ups. */
export function EntryDetailsDialog({
  entry,
  onClose,
  onChannels,
}: {
  entry: Entry | null;
  onClose: () => void;
  onChannels: (entry: Entry) => void;
}) {
  return (
    <Dialog open={entry !== null} onClose={onClose} title="Entry Details">
      {entry && (
        <div className="entries-dialog">
          <dl className="ui-card__fields entries-details">
            <dt>Names</dt>
            <dd>{list(entry.customer.names)}</dd>
            <dt>Phones</dt>
            <dd>{list(entry.customer.phones.map(formatPhone))}</dd>
            <dt>Emails</dt>
            <dd>{list(entry.customer.emails)}</dd>
            <dt>Categories</dt>
            <dd>{list(entry.customer.categories)}</dd>
            <dt>Potential</dt>
            <dd>{entry.customer.potential || '—'}</dd>
            <dt>Message</dt>
            <dd className="entries-pre">{entry.description || '—'}</dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge entry={entry} />
            </dd>
            <dt>Channel</dt>
            <dd>{channelLabel(entry.channel)}</dd>
            <dt>Employee</dt>
            <dd>{entry.employee?.name || entry.employee?.email || 'Unassigned'}</dd>
            <dt>Created</dt>
            <dd>
              {formatDateTime(entry.createdAt)}
              {entry.createdByName ? ` by ${entry.createdByName}` : ''}
            </dd>
            <MetaItems entry={entry} maxTags={entry.tags.length} />
            <dt>Internal note (never sent)</dt>
            <dd className="entries-pre">{entry.extraNote || '—'}</dd>
            <dt>Follow-ups</dt>
            <dd>
              {entry.followUps.length === 0 ? (
                '—'
              ) : (
                <ul className="entries-plain-list">
                  {entry.followUps.map((f) => (
                    <li key={f._id || f.when}>
                      {formatDateTime(f.when)} · {f.channel} · {f.status}
                      {f.note ? ` · ${f.note}` : ''}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </dl>
          <h3 className="entries-dialog__heading">Attachments</h3>
          <FileLinks files={entry.attachments} />
          <div className="ui-actions ui-actions--end">
            <button type="button" className="btn" onClick={() => onChannels(entry)}>
              Channel Details
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
