import { PageHeader } from '../../../lib/page-header';

export function SettingsPage() {
  return (
    <>
      <PageHeader title="Settings" />
      <p className="placeholder-note">This screen is coming soon.</p>
    </>
  );
}
