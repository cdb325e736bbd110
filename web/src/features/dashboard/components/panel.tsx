import { useId, type ReactNode } from 'react';

/**
 * A titled panel of the dashboard; `wide` spans the grid's two columns. While `loading`, a grey
 * block of about its content's size stands in for the content.
 */
export function Panel({
  title,
  children,
  wide,
  id,
  loading,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  id?: string;
  loading?: boolean;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      className={`ui-panel dash-panel${wide ? ' dash-panel--wide' : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="ui-panel__title">
        {title}
      </h2>
      {loading ? (
        <div className="dash-skeleton__block dash-skeleton__list" aria-hidden="true" />
      ) : (
        children
      )}
    </section>
  );
}
