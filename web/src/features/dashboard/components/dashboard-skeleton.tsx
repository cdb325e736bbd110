/** The page's shape while its figures load. */
export function DashboardSkeleton() {
  return (
    <div className="dash-skeleton" role="status" aria-label="Loading dashboard">
      <div className="dash-cards">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="dash-skeleton__block dash-skeleton__card" />
        ))}
      </div>
      <div className="dash-skeleton__block dash-skeleton__chart" />
    </div>
  );
}
