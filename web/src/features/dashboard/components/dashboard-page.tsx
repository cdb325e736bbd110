import { PageHeader } from '../../../lib/page-header';

export function DashboardPage() {
  return (
    <>
      <PageHeader title="Dashboard" subtitle="Everything you need at a glance" />
      <p className="placeholder-note">This screen is coming soon.</p>
    </>
  );
}
