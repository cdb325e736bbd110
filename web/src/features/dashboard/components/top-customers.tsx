import { formatINR } from '../../../lib/format';

const TOP_SHOWN = 5;

/** Top Customers: the few with the most revenue. */
export function TopCustomers({ items }: { items: { name: string; amount: number }[] }) {
  if (items.length === 0) return <p className="ui-muted">Not enough data</p>;
  return (
    <ol className="dash-top">
      {items.slice(0, TOP_SHOWN).map((c, i) => (
        <li key={`${c.name}-${i}`} className="dash-top__row">
          <span>{c.name}</span>
          <span className="dash-top__amount">{formatINR(c.amount)}</span>
        </li>
      ))}
    </ol>
  );
}
