import { Link } from 'react-router-dom';
import { Clip } from '../../../lib/clip';

/**
 * The first of a customer's values and a '+N' for the rest, so rows keep one height. The cell
 * may cut it with an ellipsis: hovering or focusing it shows every value in full, and screen
 * readers hear them all.
 */
export function FirstValue({
  values,
  href,
  to,
  show = (value) => value,
}: {
  values: readonly string[];
  /** A link scheme for the value ('tel:', 'mailto:'). */
  href?: string;
  /** An app route the value links to (the customer's page). */
  to?: string;
  /** How a value reads (phones as people write them); links keep the stored value. */
  show?: (value: string) => string;
}) {
  const [first, ...rest] = values.filter(Boolean);
  if (!first) return <span className="ui-muted">—</span>;
  const text = show(first);
  return (
    <span className="first-value">
      <Clip className="first-value__text" full={values.map(show).join(', ')}>
        {to ? <Link to={to}>{text}</Link> : href ? <a href={`${href}${first}`}>{text}</a> : text}
      </Clip>
      {rest.length > 0 && (
        <span className="first-value__more">
          <span aria-hidden="true">+{rest.length}</span>
          <span className="visually-hidden">, {rest.map(show).join(', ')}</span>
        </span>
      )}
    </span>
  );
}
