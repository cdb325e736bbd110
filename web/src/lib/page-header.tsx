import type { ReactNode } from 'react';

/**
 * A screen's title (the page's only h1), optional subtitle and actions. `meta` (a list's role
 * and count badges) sits on the title's line, so a list does not give it a row of its own.
 */
export function PageHeader({
  title,
  subtitle,
  meta,
  children,
}: {
  title: string;
  subtitle?: string;
  meta?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className={meta ? 'page-header__heading' : undefined}>
        <h1 className="page-header__title">{title}</h1>
        {meta}
        {subtitle && <p className="page-header__subtitle">{subtitle}</p>}
      </div>
      {children && <div className="page-header__actions">{children}</div>}
    </header>
  );
}
