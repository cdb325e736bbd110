import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { uniqueTags } from '../model/saved-tags';

/**
 * Tags typed one by one (Enter or comma adds; Add button too) shown as removable chips, with
 * the saved suggestions not chosen yet as one-click buttons.
 */
export function TagsField({
  tags,
  suggestions,
  onChange,
}: {
  tags: readonly string[];
  suggestions: readonly string[];
  onChange: (tags: string[]) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const chosen = (tag: string) => tags.some((t) => t.toLowerCase() === tag.toLowerCase());
  const offered = suggestions.filter((tag) => !chosen(tag));

  function add(text: string) {
    const typed = text.split(/[,;]/);
    onChange(uniqueTags([...tags, ...typed]));
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === 'Enter' || event.key === ',') && draft.trim()) {
      event.preventDefault(); // Enter would submit the form
      add(draft);
    }
  }

  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        Tags
      </label>
      <div className="add-entry__tag-input">
        <input
          id={id}
          className="ui-input"
          value={draft}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="btn btn--outline btn--small"
          disabled={!draft.trim()}
          onClick={() => add(draft)}
        >
          Add tag
        </button>
      </div>
      <p id={`${id}-hint`} className="ui-field__hint">
        Press Enter or comma to add a tag.
      </p>
      {tags.length > 0 && (
        <ul className="ui-chips" aria-label="Chosen tags">
          {tags.map((tag) => (
            <li key={tag} className="ui-chip">
              {tag}
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(tags.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {offered.length > 0 && (
        <div className="add-entry__suggestions" role="group" aria-label="Saved tags">
          {offered.map((tag) => (
            <button
              key={tag}
              type="button"
              className="btn btn--ghost btn--small"
              aria-label={`Add tag ${tag}`}
              onClick={() => onChange([...tags, tag])}
            >
              + {tag}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
