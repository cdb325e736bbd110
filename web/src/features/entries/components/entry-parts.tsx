// The pieces the table rows, the cards and the Entry Details modal share.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { customerPath } from '../../../lib/app-paths';
import { Clip } from '../../../lib/clip';
import { Paperclip } from 'lucide-react';
import { formatDate, formatINR, formatTime } from '../../../lib/format';
import { formatPhone } from '../../../lib/phone';
import type { Attachment, Entry } from '../../../resources/entries';
import { MAX_TAGS_SHOWN, NO_FILES } from '../model/constants';
import { channelLabel, customerName, firstOf, statusOf, statusTone } from '../model/entry-view';
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
    <Clip full={full} className="clip clip--two-lines entries-customer">
      <Link to={customerPath(id)}>{name}</Link>
    </Clip>
  ) : (
    <Clip full={full} className="clip clip--two-lines entries-customer">
      {name}
    </Clip>
  );
}

/** A row's customer: the name (linking to their page), then the first phone (else email) whole. */
export function CompactCustomer({ entry, withName = true }: { entry: Entry; withName?: boolean }) {
  const { phones, emails } = entry.customer;
  const phone = phones[0];
  const others = [...phones.slice(1).map(formatPhone), ...emails.slice(phone ? 0 : 1)];
  return (
    <div className="entries-compact">
      {withName && <CustomerLink entry={entry} />}
      {(phone || emails[0]) && (
        <span className="entries-compact__second entries-contact">
          {phone ? (
            <a href={`tel:${phone}`}>{formatPhone(phone)}</a>
          ) : (
            <a href={`mailto:${emails[0]}`}>{emails[0]}</a>
          )}
          {others.length > 0 && (
            <span className="entries-chips__more ui-chip ui-chip--static" title={others.join(', ')}>
              <span aria-hidden="true">+{others.length}</span>
              <span className="visually-hidden">, {others.join(', ')}</span>
            </span>
          )}
        </span>
      )}
    </div>
  );
}

/** A row's when: the day, then the time, each whole ('23 Nov' / '2:12 pm'). */
export function WhenCell({ at }: { at: string | undefined }) {
  return (
    <time className="entries-when" dateTime={at}>
      <span>{formatDate(at)}</span> <span>{formatTime(at)}</span>
    </time>
  );
}

/**
 * A row's details: the description (the entry's notes) on up to two lines, then the channel,
 * what the customer received on each channel with its state, and any files.
 */
export function CompactDetails({ entry, onChannels }: { entry: Entry; onChannels: () => void }) {
  return (
    <div className="entries-compact">
      <Clip full={entry.description || '—'} className="clip clip--two-lines entries-description" />
      {/* One line, so a row stays three lines high: each channel's state and words, cut, whole
          on hover and focus (and in Channel Details). */}
      <span className="entries-compact__line">
        <button type="button" className="entries-link-button" onClick={onChannels}>
          {channelLabel(entry.channel)}
          <span className="visually-hidden"> – channel details</span>
        </button>
        <ReceivedMessages sends={entry.dispatch} compact />
        <FilesSummary entry={entry} />
      </span>
    </div>
  );
}

/**
 * A row's amount, whole (with `beside` after it: a card's employee), then category and process
 * (cut, whole on hover and focus).
 */
export function CompactMeta({ entry, beside }: { entry: Entry; beside?: ReactNode }) {
  const amount = entry.amount ? formatINR(entry.amount) : '—';
  const second = [entry.category, entry.process].filter(Boolean).join(' · ');
  const full = [
    `Category: ${entry.category || '—'}`,
    `Amount: ${amount}`,
    `Process: ${entry.process || '—'}`,
    `Tags: ${entry.tags.join(', ') || '—'}`,
  ].join('\n');
  return (
    <div className="entries-compact">
      <span className="entries-compact__line">
        <span className="entries-amount">{amount}</span>
        {beside}
      </span>
      {(second || entry.tags.length > 0) && (
        <Clip full={full} className="clip entries-compact__second">
          {second}
          {second && entry.tags.length > 0 ? ' ' : ''}
          {entry.tags.length > 0 && (
            <ChipList values={entry.tags} max={MAX_TAGS_SHOWN} label="Tags" />
          )}
        </Clip>
      )}
    </div>
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

/** A paperclip and the count, only when the entry has files; opens to their links. */
export function FilesSummary({ entry }: { entry: Entry }) {
  const count = entry.attachments.length;
  if (count === 0) return null;
  return (
    <details className="entries-files-summary">
      <summary>
        <Paperclip aria-hidden="true" size={14} />
        {count}
        <span className="visually-hidden"> {count === 1 ? 'file' : 'files'}</span>
      </summary>
      <FileLinks files={entry.attachments} />
    </details>
  );
}

/** Who the entry belongs to, as text (admins reassign from the row's menu). */
export function EmployeeName({ entry }: { entry: Entry }) {
  const current = entry.employee;
  const name = current?.name || current?.email;
  return name ? (
    <span className="entries-employee">{name}</span>
  ) : (
    <span className="entries-employee ui-muted">Unassigned</span>
  );
}
