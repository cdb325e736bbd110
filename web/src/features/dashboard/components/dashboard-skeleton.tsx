import type { ReactNode } from 'react';

/**
 * Said once to assistive technology while the figures load; the page's own layout, titles and
 * grey blocks where the figures go are what a person sees meanwhile.
 */
export function DashboardLoading() {
  return (
    <p className="visually-hidden" role="status" aria-label="Loading dashboard">
      Loading dashboard…
    </p>
  );
}

/** A panel's content once the figures are in, a grey block of about its size before. */
export function Filled({ loading, children }: { loading: boolean; children: ReactNode }) {
  if (loading)
    return <div className="dash-skeleton__block dash-skeleton__list" aria-hidden="true" />;
  return children;
}
