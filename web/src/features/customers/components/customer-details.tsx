import type { ReactNode } from 'react';
import { BreakableEmail } from '../../../lib/email';
import { formatDate } from '../../../lib/format';
import { formatPhone } from '../../../lib/phone';
import type { Customer } from '../api/types';
import { OwnerField } from './owner-field';
import { PotentialBadge } from './potential-badge';

function Values({
  values,
  href,
  show = (value) => value,
}: {
  values: readonly string[];
  href?: (value: string) => string;
  show?: (value: string) => ReactNode;
}) {
  if (values.length === 0) return <span className="ui-muted">—</span>;
  return (
    <ul className="customer-details__values">
      {values.map((value) => (
        <li key={value}>{href ? <a href={href(value)}>{show(value)}</a> : show(value)}</li>
      ))}
    </ul>
  );
}

/** Everything stored about the customer, every value in full. */
export function CustomerDetails({
  customer,
  canChangeOwner,
}: {
  customer: Customer;
  canChangeOwner: boolean;
}) {
  return (
    <section className="ui-panel customer-details" aria-labelledby="customer-details-title">
      <h2 id="customer-details-title" className="ui-panel__title">
        Details
      </h2>
      <dl className="customer-details__fields">
        <dt>Names</dt>
        <dd>
          <Values values={customer.names ?? []} />
        </dd>
        <dt>Phones</dt>
        <dd>
          <Values values={customer.phones ?? []} href={(p) => `tel:${p}`} show={formatPhone} />
        </dd>
        <dt>Emails</dt>
        <dd>
          <Values
            values={customer.emails ?? []}
            href={(email) => `mailto:${email}`}
            show={(email) => <BreakableEmail email={email} />}
          />
        </dd>
        <dt>Categories</dt>
        <dd>
          <Values values={customer.categories ?? []} />
        </dd>
        <dt>Potential</dt>
        <dd>
          <PotentialBadge potential={customer.potential ?? ''} />
        </dd>
        <dt>Owner</dt>
        <dd>
          <OwnerField customer={customer} canChange={canChangeOwner} />
        </dd>
        <dt>Note</dt>
        <dd className="customer-details__note">
          {customer.note || <span className="ui-muted">—</span>}
        </dd>
        <dt>Created</dt>
        <dd>{formatDate(customer.createdAt)}</dd>
      </dl>
    </section>
  );
}
