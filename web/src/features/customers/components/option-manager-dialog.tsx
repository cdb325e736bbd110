import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog } from '../../../lib/dialog';
import { Tabs } from '../../../lib/tabs';
import {
  OPTION_LISTS,
  addOption,
  removeOption,
  renameOption,
  useOptionList,
} from '../model/option-lists';
import type { OptionListName } from '../model/option-lists';

const LISTS = (Object.keys(OPTION_LISTS) as OptionListName[]).map((name) => ({
  id: name,
  label: OPTION_LISTS[name].label,
}));

/** The local-only option lists (categories, tags, potential): add, rename, remove. */
export function OptionManagerDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [list, setList] = useState<OptionListName>('categories');
  return (
    <Dialog open={open} onClose={onClose} title="Manage options">
      <p className="ui-muted option-manager__note">
        These lists are kept in this browser only; customers keep the values they already have.
      </p>
      <Tabs label="Option lists" items={LISTS} selected={list} onSelect={setList} size="small">
        <OptionList key={list} name={list} />
      </Tabs>
    </Dialog>
  );
}

function OptionList({ name }: { name: OptionListName }) {
  const id = useId();
  const [options, setOptions] = useOptionList(name);
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const [rename, setRename] = useState('');
  const singular = name === 'categories' ? 'category' : name === 'tags' ? 'tag' : 'potential value';

  function add(event: FormEvent) {
    event.preventDefault();
    if (!draft.trim()) return;
    setOptions(addOption(options, draft));
    setDraft('');
  }

  function saveRename(event: FormEvent) {
    event.preventDefault();
    if (editing !== null) setOptions(renameOption(options, editing, rename));
    setEditing(null);
  }

  return (
    <div className="option-manager">
      {options.length === 0 ? (
        <p className="ui-muted">No options</p>
      ) : (
        <ul className="option-manager__list">
          {options.map((option) => (
            <li key={option} className="option-manager__item">
              {editing === option ? (
                <form className="option-manager__rename" onSubmit={saveRename}>
                  <input
                    className="ui-input"
                    aria-label={`New name for ${option}`}
                    value={rename}
                    autoFocus
                    onChange={(event) => setRename(event.target.value)}
                  />
                  <button type="submit" className="btn btn--small">
                    Save
                  </button>
                  <button
                    type="button"
                    className="btn btn--outline btn--small"
                    onClick={() => setEditing(null)}
                  >
                    Cancel
                  </button>
                </form>
              ) : (
                <>
                  <span className="option-manager__value">{option}</span>
                  <button
                    type="button"
                    className="btn btn--outline btn--small"
                    aria-label={`Rename ${option}`}
                    onClick={() => {
                      setEditing(option);
                      setRename(option);
                    }}
                  >
                    Rename
                  </button>
                  <button
                    type="button"
                    className="btn btn--danger-outline btn--small"
                    aria-label={`Remove ${option}`}
                    onClick={() => setOptions(removeOption(options, option))}
                  >
                    Remove
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form className="option-manager__add" onSubmit={add}>
        <label className="ui-field" htmlFor={`${id}-new`}>
          <span className="ui-field__label">New {singular}</span>
        </label>
        <div className="option-manager__add-row">
          <input
            id={`${id}-new`}
            className="ui-input"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="btn btn--small">
            Add
          </button>
        </div>
      </form>
    </div>
  );
}
