import { useId, type KeyboardEvent } from 'react';
import { useListboxKeys } from '../../../lib/use-listbox-keys';
import type { Template } from '../../../resources/templates';
import { quickReplies, quickReplyQuery } from '../model/quick-replies';

/**
 * The "/" list of the reply box: while the box holds only "/" and a few letters, the templates
 * whose title has them, picked with a tap or the arrow keys and Enter (Escape leaves it). The
 * box keeps the focus; `textareaProps` tie it to the list for screen readers.
 */
export function useQuickReplyList({
  text,
  templates,
  onlyApproved,
  onPick,
  onDismiss,
}: {
  text: string;
  templates: readonly Template[];
  /** Outside WhatsApp's window: only templates linked to an approved one can go. */
  onlyApproved: boolean;
  onPick: (template: Template) => void;
  onDismiss: () => void;
}) {
  const listId = useId();
  const query = quickReplyQuery(text);
  const options = query === null ? [] : quickReplies(templates, query, onlyApproved);
  const open = query !== null;
  const keys = useListboxKeys({ options, search: query, onPick, onEscape: onDismiss });
  const index = keys.index;
  /** Handles the keys the open list takes; true when it took this one. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => open && keys.onKeyDown(event);

  const optionId = (i: number) => `${listId}-${i}`;
  const list = open ? (
    <ul id={listId} className="quick-replies" role="listbox" aria-label="Quick replies">
      {options.map((template, i) => (
        <li
          key={template._id}
          id={optionId(i)}
          role="option"
          aria-selected={i === index}
          className="quick-replies__option"
          title={template.content}
          // The box keeps the focus (and its text) while the option is pressed.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(template)}
        >
          <span className="quick-replies__title">{template.title}</span>
          <span className="quick-replies__text">{template.content}</span>
        </li>
      ))}
      {options.length === 0 && (
        <li role="option" aria-selected={false} aria-disabled="true" className="ui-muted">
          {onlyApproved
            ? 'No template linked to an approved one has that title'
            : 'No template has that title'}
        </li>
      )}
    </ul>
  ) : null;

  return {
    list,
    onKeyDown,
    textareaProps: {
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open && options[index] ? optionId(index) : undefined,
    },
  };
}
