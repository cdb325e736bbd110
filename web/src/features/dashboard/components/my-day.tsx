import { Clip } from '../../../lib/clip';
import type { MyDay as MyDayData } from '@contract/my-day';
import { AlertTriangle, Bell, MessageCircle, Wallet } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { conversationPath, customerPath } from '../../../lib/app-paths';
import { formatINR, formatTime } from '../../../lib/format';
import './my-day.css';

export const COMPANY_VIEW_ID = 'company';
const CHANNEL_NAMES = { whatsapp: 'WhatsApp', email: 'Email' } as const;

/**
 * The signed-in person's own day, above every company figure: their unread conversations,
 * follow-ups due today, messages that failed (each with the way to fix it) and their month.
 * `admin`: a link to the company's view below.
 */
export function MyDay({
  data,
  loading,
  failed,
  admin,
}: {
  data: MyDayData | undefined;
  loading: boolean;
  /** The call failed: the page toasts why; each part says it is not there. */
  failed: boolean;
  admin: boolean;
}) {
  const headingId = useId();
  const body = (render: (day: MyDayData) => ReactNode) =>
    loading ? (
      <div className="dash-skeleton__block my-day__skeleton" aria-hidden="true" />
    ) : data ? (
      render(data)
    ) : (
      <p className="ui-muted my-day__empty">{failed ? 'Could not load' : '—'}</p>
    );
  return (
    <section className="my-day" aria-labelledby={headingId} aria-busy={loading}>
      <div className="my-day__head">
        <h2 id={headingId} className="my-day__title">
          My day
        </h2>
        {admin && (
          <a className="my-day__company" href={`#${COMPANY_VIEW_ID}`}>
            Company view
          </a>
        )}
      </div>
      <div className="my-day__grid">
        <Block
          icon={<MessageCircle size={16} aria-hidden="true" />}
          title="Unread"
          count={data && !loading ? data.unread : undefined}
          more={{ to: '/inbox', label: 'Inbox' }}
        >
          {body((day) => (
            <Conversations day={day} />
          ))}
        </Block>
        <Block
          icon={<Bell size={16} aria-hidden="true" />}
          title="Follow-ups today"
          count={data && !loading ? data.followUpsToday.length : undefined}
        >
          {body((day) => (
            <FollowUpsToday day={day} />
          ))}
        </Block>
        <Block
          icon={<AlertTriangle size={16} aria-hidden="true" />}
          title="Failed messages"
          count={data && !loading ? data.failed.length : undefined}
          alert={Boolean(data && data.failed.length > 0)}
        >
          {body((day) => (
            <FailedMessages day={day} />
          ))}
        </Block>
        <Block icon={<Wallet size={16} aria-hidden="true" />} title="My month">
          {body((day) => (
            <Month day={day} />
          ))}
        </Block>
      </div>
    </section>
  );
}

function Block({
  icon,
  title,
  count,
  alert,
  more,
  children,
}: {
  icon: ReactNode;
  title: string;
  count?: number;
  alert?: boolean;
  more?: { to: string; label: string };
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      className={`my-day__block${alert ? ' my-day__block--alert' : ''}`}
      aria-labelledby={headingId}
    >
      <h3 id={headingId} className="my-day__block-title">
        {icon}
        <span>{title}</span>
        {count !== undefined && <span className="my-day__count">{count}</span>}
        {more && (
          <Link className="my-day__more" to={more.to}>
            {more.label}
          </Link>
        )}
      </h3>
      {children}
    </section>
  );
}

function Conversations({ day }: { day: MyDayData }) {
  if (day.conversations.length === 0)
    return <p className="ui-muted my-day__empty">No conversations yet</p>;
  return (
    <ul className="my-day__list" aria-label="My newest conversations">
      {day.conversations.map((c) => (
        <li key={c.customerId}>
          <Link
            className={`my-day__row${c.unread > 0 ? ' my-day__row--unread' : ''}`}
            to={conversationPath(c.customerId)}
          >
            <Clip className="my-day__name" full={c.customerName} />
            <Clip
              className="my-day__text"
              full={`${c.lastDirection === 'out' ? 'You: ' : ''}${c.lastText || '(no text)'}`}
            />
            {c.unread > 0 && (
              <span className="my-day__badge" aria-label={`${c.unread} unread`}>
                {c.unread}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function FollowUpsToday({ day }: { day: MyDayData }) {
  if (day.followUpsToday.length === 0)
    return <p className="ui-muted my-day__empty">Nothing due today</p>;
  return (
    <ul className="my-day__list" aria-label="My follow-ups due today">
      {day.followUpsToday.map((f) => (
        <li key={f._id}>
          <Link className="my-day__row" to={customerPath(f.customerId)}>
            <time className="my-day__time" dateTime={f.dueAt}>
              {formatTime(f.dueAt)}
            </time>
            <Clip className="my-day__name" full={f.customerName} />
            <Clip className="my-day__text" full={f.note || 'Follow-up'} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function FailedMessages({ day }: { day: MyDayData }) {
  if (day.failed.length === 0)
    return <p className="ui-muted my-day__empty">None in the last 7 days</p>;
  return (
    <ul className="my-day__list" aria-label="My failed messages">
      {day.failed.map((m) => (
        <li key={m._id} className="my-day__failed">
          <p className="my-day__line">
            <Clip className="my-day__name" full={m.customerName} />
            <span className="my-day__channel">{CHANNEL_NAMES[m.channel]}</span>
          </p>
          <p className="my-day__reason">{m.reason}</p>
          <FixLink message={m} />
        </li>
      ))}
    </ul>
  );
}

/** Opens where the failed message is fixed: the customer (its entry resends), or the conversation. */
function FixLink({ message: m }: { message: MyDayData['failed'][number] }) {
  const label = m.entryId ? 'Open to resend' : 'Open to send again';
  return (
    <Link
      className="btn btn--small btn--outline my-day__fix"
      to={m.entryId ? customerPath(m.customerId) : conversationPath(m.customerId)}
      // The visible words first, then whose: the name a screen reader and voice control use.
      aria-label={`${label}: ${m.customerName}`}
      title={m.fix}
    >
      {label}
    </Link>
  );
}

function Month({ day }: { day: MyDayData }) {
  const { month } = day;
  return (
    <dl className="my-day__month">
      <div>
        <dt>Entries ({month.entries})</dt>
        <dd>{formatINR(month.amount)}</dd>
      </div>
      <div>
        <dt>Confirmed ({month.confirmed})</dt>
        <dd>{formatINR(month.confirmedAmount)}</dd>
      </div>
    </dl>
  );
}
