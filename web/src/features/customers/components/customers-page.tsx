import { PageHeader } from '../../../lib/page-header';

export function CustomersPage() {
  return (
    <>
      <PageHeader title="Customers" />
      <p className="placeholder-note">This screen is coming soon.</p>
    </>
  );
}
