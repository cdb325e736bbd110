import { Link } from 'react-router-dom';
import { Clip } from '../../../lib/clip';
import { BreakableEmail } from '../../../lib/email';

/**
 * The first of a customer's values and a '+N' for the rest. With `wrap` a long value takes a
 * second line (emails break after the '@'); past that, or without it, the cell cuts it with an
 * ellipsis, and hovering or focusing it shows every value in full. Screen readers hear them all.
 */
export function FirstValue({
  values,
  href,
  to,
  show = (value) => value,
  wrap = false,
}: {
  values: readonly string[];
  /** A link scheme for the value ('tel:', 'mailto:'). */
  href?: string;
  /** An app route the value links to (the customer's page). */
  to?: string;
  /** How a value reads (phones as people write them); links keep the stored value. */
  show?: (value: string) => string;
  /** Up to two lines before the ellipsis. */
  wrap?: boolean;
}) {
  const [first, ...rest] = values.filter(Boolean);
  if (!first) return <span className="ui-muted">—</span>;
  const shown = show(first);
  const text = wrap && href === 'mailto:' ? <BreakableEmail email={shown} /> : shown;
  return (
    <span className="first-value">
      <Clip
        className={wrap ? 'first-value__text first-value__text--wrap' : 'first-value__text'}
        full={values.map(show).join(', ')}
      >
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
