import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { PageHeader } from '../../../lib/page-header';
import { QueryState } from '../../../lib/query-state';
import { useBroadcasts } from '../api/broadcasts-api';
import { formatCount } from '../model/numbers';
import { Composer } from './composer';
import { BroadcastReport, STATE_LABEL } from './report';
import './broadcasts.css';

/** Broadcasts: compose one (audience, template, when), and the reports of those made. */
export function BroadcastsPage() {
  const [open, setOpen] = useState<string | null>(null);
  const list = useBroadcasts();
  return (
    <>
      <PageHeader
        title="Broadcasts"
        subtitle="One approved WhatsApp template to many customers; replies go to each owner."
      />
      <div className="broadcasts">
        <Composer onCreated={setOpen} />
        <section className="broadcasts__list" aria-label="Broadcasts made">
          <h2 className="broadcasts__heading">Sent and scheduled</h2>
          {open && <BroadcastReport id={open} />}
          <QueryState query={list} errorFallback="Failed to load the broadcasts">
            {(broadcasts) =>
              broadcasts.length === 0 ? (
                <p className="ui-empty">No broadcast yet: the first one you make shows here.</p>
              ) : (
                <ul className="broadcasts__items">
                  {broadcasts.map((b) => (
                    <li key={b._id}>
                      <button
                        type="button"
                        className="broadcasts__item"
                        aria-pressed={open === b._id}
                        onClick={() => setOpen(b._id)}
                      >
                        <span className="broadcasts__item-name">{b.name}</span>
                        <span className="ui-muted">
                          {STATE_LABEL[b.state]} · {formatCount(b.audienceCount)} recipients ·{' '}
                          {formatDateTime(b.createdAt)}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </section>
      </div>
    </>
  );
}
