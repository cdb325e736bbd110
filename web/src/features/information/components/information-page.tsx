import { PageHeader } from '../../../lib/page-header';

export function InformationPage() {
  return (
    <>
      <PageHeader title="Information" />
      <p className="placeholder-note">This screen is coming soon.</p>
    </>
  );
}
