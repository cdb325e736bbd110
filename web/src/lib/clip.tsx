import type { ReactNode } from 'react';

/**
 * One line cut with an ellipsis when it does not fit; the title shows the whole value on hover
 * (and screen readers read it in full from the text).
 */
export function Clip({
  full,
  children,
  className = '',
}: {
  /** The whole value, as the title shows it. */
  full: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <span className={`clip ${className}`.trim()} title={full}>
      {children ?? full}
    </span>
  );
}
