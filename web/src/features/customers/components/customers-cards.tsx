import { Clip } from '../../../lib/clip';
import { formatDate } from '../../../lib/format';
import { formatPhone } from '../../../lib/phone';
import { OptedOutBadge } from './opted-out-badge';
import { useWindowedRows } from '../../../lib/use-windowed-rows';
import { ownerName, type Customer } from '../api/types';
import { customerLabel } from '../model/customer-label';
import { customerPath } from '../../../lib/app-paths';
import { FirstValue } from './first-value';
import { PotentialBadge } from './potential-badge';
import { RowActions } from './row-actions';
import type { RowActionHandlers } from './row-actions';
import type { ListSelection } from './selection';
import { useLoadMoreNearEnd } from './use-load-more';
import type { LoadMore } from './use-load-more';

/** A card's height plus the gap below it (customers.css keeps to these). */
export const CARD_ROW_PX = 104;
const CARD_MIN_WIDTH_PX = 300;
const CARD_GAP_PX = 8;

const cardsPerRow = (width: number) =>
  Math.max(1, Math.floor((width + CARD_GAP_PX) / (CARD_MIN_WIDTH_PX + CARD_GAP_PX)));

export function CustomersCards({
  items,
  selection,
  actions,
  loadMore,
}: {
  items: readonly Customer[];
  selection: ListSelection;
  actions: RowActionHandlers;
  loadMore: LoadMore;
}) {
  const { setContainer, start, end, perRow, padTop, padBottom } = useWindowedRows({
    count: items.length,
    rowHeight: CARD_ROW_PX,
    perRow: cardsPerRow,
  });
  useLoadMoreNearEnd(end, items.length, loadMore);

  return (
    <ul
      ref={setContainer}
      className="customer-cards"
      aria-label="Customers"
      style={{
        gridTemplateColumns: `repeat(${perRow}, minmax(0, 1fr))`,
        paddingTop: padTop,
        paddingBottom: padBottom,
      }}
    >
      {items.slice(start, end).map((customer, offset) => {
        const label = customerLabel(customer);
        const checked = selection.has(customer._id);
        return (
          <li
            key={customer._id}
            className={`customer-card${checked ? ' is-selected' : ''}`}
            aria-setsize={items.length}
            aria-posinset={start + offset + 1}
          >
            <div className="customer-card__head">
              <input
                type="checkbox"
                className="ui-checkbox"
                aria-label={`Select ${label}`}
                checked={checked}
                onChange={(event) => selection.toggle(customer._id, event.target.checked)}
              />
              <h2 className="customer-card__title">
                <FirstValue
                  values={customer.names?.length ? customer.names : [label]}
                  to={customerPath(customer._id)}
                />
              </h2>
              <PotentialBadge potential={customer.potential ?? ''} />
            </div>
            <div className="customer-card__line">
              <FirstValue values={customer.phones ?? []} href="tel:" show={formatPhone} />
              <OptedOutBadge customer={customer} />
              <FirstValue values={customer.emails ?? []} href="mailto:" />
            </div>
            <div className="customer-card__foot">
              {/* The category, owner and actions share the last line: the category (and its
                  '+N') keeps room of its own, the owner is cut before it, nothing overlaps. */}
              <span className="customer-card__about">
                <span className="customer-card__categories">
                  <span className="visually-hidden">Categories </span>
                  <FirstValue values={customer.categories ?? []} />
                </span>
                <Clip
                  className={`clip customer-card__owner${customer.owner ? '' : ' ui-muted'}`}
                  full={`Owner: ${ownerName(customer)}, created ${formatDate(customer.createdAt)}`}
                >
                  <span className="visually-hidden">Owner </span>
                  {ownerName(customer)}
                  <span className="visually-hidden">
                    , created {formatDate(customer.createdAt)}
                  </span>
                </Clip>
              </span>
              <RowActions customer={customer} {...actions} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
