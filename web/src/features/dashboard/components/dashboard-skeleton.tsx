/**
 * Tells assistive technology whether the figures are still loading: always on the page, so a
 * screen reader hears the change when they arrive. A person sees the page's own layout, titles
 * and grey blocks where the figures go meanwhile.
 */
export function DashboardLoading({ loading }: { loading: boolean }) {
  return (
    <p
      className="visually-hidden"
      role="status"
      aria-label={loading ? 'Loading dashboard' : 'Dashboard loaded'}
    >
      {loading ? 'Loading dashboard…' : 'Dashboard loaded'}
    </p>
  );
}
