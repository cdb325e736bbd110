import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { FilterInput } from '../../../lib/filter-fields';
import { FormField } from '../../../lib/form-field';
import { useToast } from '../../../lib/toast';
import type { CustomerListParams } from '../../../resources/customers/list-params';
import {
  listParamsOf,
  savedFiltersOf,
  useDeleteSavedSearch,
  useSavedSearches,
  useSaveSearch,
} from '../../../resources/customers/saved-searches';

/**
 * The caller's saved searches on the filter bar: choosing one sets its filters; the filters in
 * use are saved under a name; the chosen one can be deleted.
 */
export function SavedSearches({
  params,
  onApply,
}: {
  params: CustomerListParams;
  onApply: (filters: ReturnType<typeof listParamsOf>) => void;
}) {
  const toast = useToast();
  const searches = useSavedSearches();
  const save = useSaveSearch();
  const remove = useDeleteSavedSearch();
  const [chosen, setChosen] = useState('');
  const [name, setName] = useState('');
  const failed = (fallback: string) => (error: unknown) =>
    toast.show(errorMessage(error, fallback), 'danger');

  function choose(id: string) {
    setChosen(id);
    const search = searches.find((s) => s._id === id);
    if (search) onApply(listParamsOf(search.filters));
  }

  function saveCurrent() {
    save.mutate(
      { name: name.trim(), filters: savedFiltersOf(params) },
      {
        onSuccess: (saved) => {
          setName('');
          setChosen(saved._id);
          toast.show(`Saved search: ${saved.name}`, 'success');
        },
        onError: failed('The search could not be saved'),
      },
    );
  }

  return (
    <div className="customers-filters__saved">
      <FormField as="select" label="Saved searches" value={chosen} onValueChange={choose}>
        <option value="">{searches.length > 0 ? 'Choose one' : 'None saved yet'}</option>
        {searches.map((s) => (
          <option key={s._id} value={s._id}>
            {s.name}
          </option>
        ))}
      </FormField>
      {chosen && (
        <button
          type="button"
          className="btn btn--outline"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(chosen, {
              onSuccess: () => {
                setChosen('');
                toast.show('Saved search deleted', 'success');
              },
              onError: failed('The saved search could not be deleted'),
            })
          }
        >
          Delete saved search
        </button>
      )}
      <FilterInput
        label="Save these filters as"
        placeholder="Name"
        value={name}
        onChange={setName}
      />
      <button
        type="button"
        className="btn btn--outline"
        disabled={!name.trim() || save.isPending}
        onClick={saveCurrent}
      >
        Save search
      </button>
    </div>
  );
}
