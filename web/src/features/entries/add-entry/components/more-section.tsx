import { ChevronDown } from 'lucide-react';
import { useId, type ReactNode } from 'react';

/**
 * What most entries leave as it is (category, amount, process, tags, files, the email's
 * subject), folded under "More" so that the message, its channels and Save fit one phone
 * screen. Folded, its fields stay in the form (hidden), keeping what was typed.
 */
export function MoreSection({
  open,
  onToggle,
  summary,
  children,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  /** What is set inside, said on the button while folded (e.g. '₹1,500 · 2 files'). */
  summary: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="add-entry__more">
      <button
        type="button"
        className="btn btn--outline add-entry__more-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onToggle(!open)}
      >
        <span>More</span>
        <span className="ui-muted add-entry__more-summary">
          {summary || 'Category, amount, process, tags, files'}
        </span>
        <ChevronDown aria-hidden="true" size={16} className="add-entry__more-icon" />
      </button>
      <div id={id} className="add-entry__more-body" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
