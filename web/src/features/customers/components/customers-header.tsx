import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionMenu, type ActionMenuItem } from '../../../lib/action-menu';
import { PageHeader } from '../../../lib/page-header';

/** A header action; `busy` while it runs (Export, Refresh). */
export type HeaderItem = ActionMenuItem & { busy?: boolean };

/**
 * The title with the role and count beside it, and one row of actions: on wide screens Add
 * Customer, Quick Add (it opens its panel under the header) and a More menu; on phones only the
 * Cards/Table switch and the More menu (Add Customer is the round button there, Quick Add is in
 * the menu), so five cards start on the first screen.
 */
export function CustomersHeader({
  isPhone,
  meta,
  menu,
  view,
  quickAdd,
  onAdd,
}: {
  isPhone: boolean;
  meta: ReactNode;
  /** What the More menu holds (the caller chooses per screen size). */
  menu: readonly HeaderItem[];
  /** The Cards/Table switch, beside More on phones (the filter bar has it on wide screens). */
  view?: ReactNode;
  quickAdd: { open: boolean; panelId: string; onToggle: () => void };
  /** Absent when the role may not add customers: no Add Customer, no Quick Add. */
  onAdd?: () => void;
}) {
  return (
    <PageHeader title="Customers" meta={meta}>
      {/* Phones add with the round New customer button, which stays in reach while scrolling. */}
      {!isPhone && onAdd && (
        <>
          <button type="button" className="btn" onClick={onAdd}>
            Add Customer
          </button>
          <button
            type="button"
            className="btn btn--outline"
            aria-expanded={quickAdd.open}
            aria-controls={quickAdd.open ? quickAdd.panelId : undefined}
            onClick={quickAdd.onToggle}
          >
            Quick Add
          </button>
        </>
      )}
      {view}
      <ActionMenu label="More" items={menu} className="btn btn--outline">
        <MoreHorizontal aria-hidden="true" size={18} /> More
      </ActionMenu>
    </PageHeader>
  );
}
