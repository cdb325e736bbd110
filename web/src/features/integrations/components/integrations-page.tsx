import { PageHeader } from '../../../lib/page-header';

export function IntegrationsPage() {
  return (
    <>
      <PageHeader title="Integrations" />
      <p className="placeholder-note">This screen is coming soon.</p>
    </>
  );
}
