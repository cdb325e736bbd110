import { PageHeader } from '../../../lib/page-header';

export function RolesPage() {
  return (
    <>
      <PageHeader
        title="Roles & Access"
        subtitle="Create roles, manage permissions, and assign to users."
      />
      <p className="placeholder-note">This screen is coming soon.</p>
    </>
  );
}
