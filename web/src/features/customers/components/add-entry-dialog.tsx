import { AddEntryModal } from '../../entries';
import type { Customer } from '../api/types';
import { useOptionList } from '../model/option-lists';

/**
 * A row's Add Entry: the entries feature's modal, offering this screen's category list (the
 * defaults unless changed here); the modal adds the customer's own categories.
 */
export function AddEntryDialog({
  customer,
  onClose,
}: {
  customer: Customer | null;
  onClose: () => void;
}) {
  const [categoryOptions] = useOptionList('categories');
  return <AddEntryModal customer={customer} categoryOptions={categoryOptions} onClose={onClose} />;
}
