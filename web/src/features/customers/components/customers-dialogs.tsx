import type { Customer } from '../api/types';
import { AddEntryDialog } from './add-entry-dialog';
import { CustomerFormDialog } from './customer-form-dialog';
import { ImportDialog } from './import-dialog';
import { MergeDialog } from './merge-dialog';
import { OptionManagerDialog } from './option-manager-dialog';

/** Which dialog of the Customers screen is open, with what it works on. */
export type CustomersModal =
  | { kind: 'add' }
  | { kind: 'edit'; customer: Customer }
  | { kind: 'merge'; customers: Customer[] }
  | { kind: 'import' }
  | { kind: 'options' }
  | { kind: 'entry'; customer: Customer };

/** The Customers screen's dialogs, one open at a time. */
export function CustomersDialogs({
  modal,
  onModal,
  categoryOptions,
  potentialOptions,
  onMerged,
}: {
  modal: CustomersModal | null;
  onModal: (modal: CustomersModal | null) => void;
  categoryOptions: readonly string[];
  potentialOptions: readonly string[];
  onMerged: () => void;
}) {
  const close = () => onModal(null);
  const formModal = modal?.kind === 'add' || modal?.kind === 'edit' ? modal : null;
  return (
    <>
      <CustomerFormDialog
        open={formModal !== null}
        customer={formModal?.kind === 'edit' ? formModal.customer : undefined}
        categoryOptions={categoryOptions}
        potentialOptions={potentialOptions}
        onClose={close}
        onOpenExisting={(customer) => onModal({ kind: 'edit', customer })}
        onMergeWith={(customers) => onModal({ kind: 'merge', customers })}
      />
      <MergeDialog
        open={modal?.kind === 'merge'}
        customers={modal?.kind === 'merge' ? modal.customers : []}
        onClose={close}
        onMerged={() => {
          onMerged();
          close();
        }}
      />
      <ImportDialog open={modal?.kind === 'import'} onClose={close} />
      <OptionManagerDialog open={modal?.kind === 'options'} onClose={close} />
      <AddEntryDialog customer={modal?.kind === 'entry' ? modal.customer : null} onClose={close} />
    </>
  );
}
