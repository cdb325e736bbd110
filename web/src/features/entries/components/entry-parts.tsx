// The pieces the table rows, the cards and the Entry Details modal share.
import { Link } from 'react-router-dom';
import { customerPath } from '../../../lib/app-paths';
import { Clip } from '../../../lib/clip';
import { formatINR } from '../../../lib/format';
import { formatPhone } from '../../../lib/phone';
import type { Attachment, EmployeeChoice, Entry } from '../api/types';
import { MAX_CATEGORIES_SHOWN, MAX_TAGS_SHOWN, NO_FILES } from '../model/constants';
import { channelLabel, customerName, firstOf, statusOf, statusTone } from '../model/entry-view';
import { employeeLabels } from '../model/employee-labels';
import { fileSize } from '../model/shared/file-size';
import { ReceivedMessages } from './received-message';
import { ToneBadge } from './tone-badge';

export { ToneBadge };

export function StatusBadge({ entry }: { entry: Pick<Entry, 'status'> }) {
  const status = statusOf(entry);
  return <ToneBadge tone={statusTone(status)}>{status}</ToneBadge>;
}

/** Chips for the first `max` values and '+N' for the rest (screen readers hear them all). */
export function ChipList({ values, max, label }: { values: string[]; max: number; label: string }) {
  if (values.length === 0) return <span className="ui-muted">—</span>;
  const { shown, more } = firstOf(values, max);
  return (
    <ul className="ui-chips entries-chips" aria-label={label}>
      {shown.map((value) => (
        <li key={value} className="ui-chip ui-chip--static">
          {value}
        </li>
      ))}
      {more > 0 && (
        <li className="ui-chip ui-chip--static entries-chips__more">
          <span aria-hidden="true">+{more}</span>
          <span className="visually-hidden">{values.slice(max).join(', ')}</span>
        </li>
      )}
    </ul>
  );
}

/** The customer's name, linking to their page when the entry knows who it is. */
export function CustomerLink({ entry }: { entry: Entry }) {
  const name = customerName(entry);
  const id = entry.customer._id || entry.customerId;
  const full = entry.customer.names.join(', ') || name;
  return id ? (
    <Clip full={full} className="clip entries-customer">
      <Link to={customerPath(id)}>{name}</Link>
    </Clip>
  ) : (
    <Clip full={full} className="clip entries-customer">
      {name}
    </Clip>
  );
}

/** A table row's customer: the name (linking to their page), then phone and categories. */
export function CompactCustomer({ entry, withName = true }: { entry: Entry; withName?: boolean }) {
  const { phones, emails, categories } = entry.customer;
  const phone = phones[0];
  const full = [...phones.map(formatPhone), ...emails, ...categories].join(' · ');
  return (
    <div className="entries-compact">
      {withName && <CustomerLink entry={entry} />}
      {full && (
        <Clip full={full} className="clip entries-compact__second">
          {phone ? (
            <a href={`tel:${phone}`}>{formatPhone(phone)}</a>
          ) : (
            emails[0] && <a href={`mailto:${emails[0]}`}>{emails[0]}</a>
          )}{' '}
          {categories.length > 0 && (
            <ChipList values={categories} max={MAX_CATEGORIES_SHOWN} label="Customer categories" />
          )}
        </Clip>
      )}
    </div>
  );
}

/**
 * A table row's details: the description (the entry's notes) on one line, what the customer
 * received on each channel with its state, then the channel.
 */
export function CompactDetails({ entry, onChannels }: { entry: Entry; onChannels: () => void }) {
  return (
    <div className="entries-compact">
      <Clip full={entry.description || '—'} />
      <ReceivedMessages sends={entry.dispatch} compact />
      <button type="button" className="entries-link-button" onClick={onChannels}>
        {channelLabel(entry.channel)}
        <span className="visually-hidden"> – channel details</span>
      </button>
    </div>
  );
}

/** A table row's meta: category and amount, then process and tags. */
export function CompactMeta({ entry }: { entry: Entry }) {
  const amount = entry.amount ? formatINR(entry.amount) : '';
  const first = [entry.category, amount].filter(Boolean).join(' · ') || '—';
  const full = [
    `Category: ${entry.category || '—'}`,
    `Amount: ${amount || '—'}`,
    `Process: ${entry.process || '—'}`,
    `Tags: ${entry.tags.join(', ') || '—'}`,
  ].join('\n');
  return (
    <Clip as="div" className="entries-compact" full={full}>
      <span className="clip">{first}</span>
      <span className="clip entries-compact__second">
        {entry.process}
        {entry.process && entry.tags.length > 0 ? ' ' : ''}
        {entry.tags.length > 0 && (
          <ChipList values={entry.tags} max={MAX_TAGS_SHOWN} label="Tags" />
        )}
      </span>
    </Clip>
  );
}

/** Category, amount (₹ en-IN), process and tags as the items of a list; `maxTags`, then +N. */
export function MetaItems({ entry, maxTags }: { entry: Entry; maxTags: number }) {
  return (
    <>
      <dt>Category</dt>
      <dd>{entry.category || '—'}</dd>
      <dt>Amount</dt>
      <dd>{entry.amount ? formatINR(entry.amount) : '—'}</dd>
      <dt>Process</dt>
      <dd>{entry.process || '—'}</dd>
      <dt>Tags</dt>
      <dd>
        <ChipList values={entry.tags} max={maxTags} label="Tags" />
      </dd>
    </>
  );
}

/** Links to the files (served by /api behind the session); sizes in KB. */
export function FileLinks({ files }: { files: readonly Attachment[] }) {
  if (files.length === 0) return <span className="ui-muted">{NO_FILES}</span>;
  return (
    <ul className="entries-files">
      {files.map((file) => (
        <li key={file.url}>
          <a href={file.url} target="_blank" rel="noreferrer">
            {file.name || 'file'}
          </a>{' '}
          <span className="ui-muted">({fileSize(file.size)})</span>
        </li>
      ))}
    </ul>
  );
}

export function FilesSummary({ entry }: { entry: Entry }) {
  const count = entry.attachments.length;
  if (count === 0) return <span className="ui-muted">0 files</span>;
  return (
    <details className="entries-files-summary">
      <summary>
        {count} {count === 1 ? 'file' : 'files'}
      </summary>
      <FileLinks files={entry.attachments} />
    </details>
  );
}

/** The employee's name; admins get a select to assign ('Unassigned' sends null). */
export function EmployeeCell({
  entry,
  employees,
  onAssign,
}: {
  entry: Entry;
  employees: readonly EmployeeChoice[];
  /** Absent for employees: only admins assign. */
  onAssign?: (entry: Entry, employeeId: string | null) => void;
}) {
  const current = entry.employee;
  if (!onAssign) return <span>{current?.name || current?.email || 'Unassigned'}</span>;
  const listed = !current || employees.some((e) => e._id === current._id);
  const labels = employeeLabels(employees);
  return (
    <select
      className="ui-input entries-assign"
      aria-label={`Assign employee for ${customerName(entry)}`}
      value={current?._id ?? ''}
      onChange={(event) => onAssign(entry, event.target.value || null)}
    >
      <option value="">Unassigned</option>
      {!listed && current && <option value={current._id}>{current.name || current.email}</option>}
      {employees.map((employee) => (
        <option key={employee._id} value={employee._id}>
          {labels.get(employee._id)}
        </option>
      ))}
    </select>
  );
}
