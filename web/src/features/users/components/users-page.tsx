import { PageHeader } from '../../../lib/page-header';

export function UsersPage() {
  return (
    <>
      <PageHeader title="Users" />
      <p className="placeholder-note">This screen is coming soon.</p>
    </>
  );
}
