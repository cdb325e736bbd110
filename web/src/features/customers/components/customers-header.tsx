import { MoreHorizontal } from 'lucide-react';
import { ActionMenu, type ActionMenuItem } from '../../../lib/action-menu';
import { PageHeader } from '../../../lib/page-header';

/** A header action; `busy` while it runs (Export, Refresh). */
export type HeaderItem = ActionMenuItem & { busy?: boolean };

/**
 * The title with Add Customer, and the secondary actions beside it on wide screens or in a More
 * menu on phones, so the first card starts on a phone's first screen.
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
      <button type="button" className="btn" onClick={onAdd}>
        Add Customer
      </button>
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
