import { MoreHorizontal } from 'lucide-react';
import { ActionMenu, type ActionMenuItem } from '../../../lib/action-menu';
import { PageHeader } from '../../../lib/page-header';

/** A header action; `busy` while it runs (Export, Refresh). */
export type HeaderItem = ActionMenuItem & { busy?: boolean };

/**
 * The title with Add Customer and the secondary actions beside it on wide screens; on phones
 * only a More menu (Add Customer is the round button there), so five cards start on the first
 * screen.
 */
export function CustomersHeader({
  isPhone,
  secondary,
  onAdd,
}: {
  isPhone: boolean;
  secondary: readonly HeaderItem[];
  onAdd: () => void;
}) {
  return (
    <PageHeader title="Customers">
      {/* Phones add with the round New customer button, which stays in reach while scrolling. */}
      {!isPhone && (
        <button type="button" className="btn" onClick={onAdd}>
          Add Customer
        </button>
      )}
      {isPhone ? (
        <ActionMenu label="More" items={secondary} className="btn btn--outline">
          <MoreHorizontal aria-hidden="true" size={18} /> More
        </ActionMenu>
      ) : (
        secondary.map((item) => (
          <button
            key={item.label}
            type="button"
            className={item.label === 'Manage options' ? 'btn btn--ghost' : 'btn btn--outline'}
            aria-disabled={item.busy || undefined}
            onClick={item.onSelect}
          >
            {item.label}
          </button>
        ))
      )}
    </PageHeader>
  );
}
