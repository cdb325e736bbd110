import { useId, type ReactNode } from 'react';

/** A titled panel of the dashboard; `wide` spans the grid's two columns. */
export function Panel({
  title,
  children,
  wide,
  id,
}: {
  title: string;
  children: ReactNode;
  wide?: boolean;
  id?: string;
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
      {children}
    </section>
  );
}
