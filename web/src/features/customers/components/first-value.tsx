/**
 * The first of a customer's values and a '+N' for the rest, so rows keep one height. Screen
 * readers hear every value.
 */
export function FirstValue({ values, href }: { values: readonly string[]; href?: string }) {
  const [first, ...rest] = values.filter(Boolean);
  if (!first) return <span className="ui-muted">—</span>;
  return (
    <span className="first-value">
      <span className="first-value__text" title={values.join(', ')}>
        {href ? <a href={`${href}${first}`}>{first}</a> : first}
      </span>
      {rest.length > 0 && (
        <span className="first-value__more">
          <span aria-hidden="true">+{rest.length}</span>
          <span className="visually-hidden">, {rest.join(', ')}</span>
        </span>
      )}
    </span>
  );
}
