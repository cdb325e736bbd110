import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../../lib/page-header';
import { Tabs } from '../../../lib/tabs';
import { PendingEmployees } from './pending-employees';
import { PendingEntries } from './pending-entries';
import './approvals.css';

const TABS = [
  { id: 'entries', label: 'Entries' },
  { id: 'employees', label: 'Employees' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Approvals: pending entries and pending employees; the tab is kept in ?tab=. */
export function ApprovalsPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabId = params.get('tab') === 'employees' ? 'employees' : 'entries';
  return (
    <>
      <PageHeader title="Approvals" />
      <Tabs
        label="Approvals"
        items={TABS}
        selected={tab}
        onSelect={(id) => setParams(id === 'entries' ? {} : { tab: id }, { replace: true })}
      >
        {tab === 'entries' ? <PendingEntries /> : <PendingEmployees />}
      </Tabs>
    </>
  );
}
