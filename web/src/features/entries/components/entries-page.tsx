import { PageHeader } from '../../../lib/page-header';

export function EntriesPage() {
  return (
    <>
      <PageHeader title="Entries" />
      <p className="placeholder-note">This screen is coming soon.</p>
    </>
  );
}
