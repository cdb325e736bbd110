import { PageHeader } from '../../../lib/page-header';

export function TemplatesPage() {
  return (
    <>
      <PageHeader title="Templates" />
      <p className="placeholder-note">This screen is coming soon.</p>
    </>
  );
}
