import { PageHeader } from '../../../lib/page-header';

export function ApprovalsPage() {
  return (
    <>
      <PageHeader title="Approvals" />
      <p className="placeholder-note">This screen is coming soon.</p>
    </>
  );
}
