import { ArrowLeft, CalendarPlus, GitMerge, Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../lib/confirm-dialog';
import { PageHeader } from '../../../lib/page-header';
import { RetryAlert } from '../../../lib/retry-alert';
import { ADMIN_ROLE } from '../../../lib/roles';
import { useCan } from '../../../lib/can';
import { useStoredValue } from '../../../lib/storage';
import { useIsPhone } from '../../../lib/use-media-query';
import { useToast } from '../../../lib/toast';
import { CONVERSATION_ANCHOR, ConversationPanel } from '../../conversations';
import { ChannelDetailsDialog, EntryDetailsDialog, FollowUpDialog } from '../../entries';
import { CustomerQuotes } from '../../quotes';
import type { Entry } from '../../entries';
import { useDeleteCustomer } from '../api/delete-customer';
import { LOAD_CUSTOMER_FAILED, useCustomer } from '../api/get-customer';
import { useCustomerTimeline } from '../../../resources/entries';
import type { Customer, CustomerDetail } from '../api/types';
import { conversationCustomer } from '../model/conversation-customer';
import { customerLabel } from '../model/customer-label';
import { useOptionList, withFound } from '../model/option-lists';
import '../../../lib/ui.css';
import '../customers.css';
import '../customer-page.css';
import { AddEntryDialog } from './add-entry-dialog';
import { ContactLinks } from './contact-links';
import { ConversationScreen } from './conversation-screen';
import { CustomerDetails } from './customer-details';
import { CustomerFormDialog } from './customer-form-dialog';
import { CustomerTimeline } from './customer-timeline';
import { MergeDialog } from './merge-dialog';
import { MergePickerDialog } from './merge-picker-dialog';
import { WhatsAppWindowState } from './whatsapp-window-state';
import { ONLY_ADMIN_DELETES } from './customers-page';

/**
 * /customers/:id: one customer, everything about them, and what can be done with them. On a
 * phone, /customers/:id#conversation is their conversation as a screen of its own (as WhatsApp);
 * a desktop shows the same thread on this page, beside the details.
 */
export function CustomerPage() {
  const { id = '' } = useParams();
  const customer = useCustomer(id);
  const { hash } = useLocation();
  const isPhone = useIsPhone();

  if (customer.isPending)
    return (
      <p className="ui-empty" role="status">
        Loading customer…
      </p>
    );
  if (customer.isError) {
    const missing = customer.error instanceof ApiError && customer.error.status === 404;
    return (
      <div className="customer-page">
        <BackLink />
        {missing ? (
          <div className="ui-empty">
            <h1 className="ui-empty__title">Customer not found</h1>
            <p className="ui-empty__text">It may have been merged into another or deleted.</p>
          </div>
        ) : (
          <RetryAlert
            error={customer.error}
            fallback={LOAD_CUSTOMER_FAILED}
            onRetry={() => void customer.refetch()}
          />
        )}
      </div>
    );
  }
  if (isPhone && hash === `#${CONVERSATION_ANCHOR}`)
    return <ConversationScreen key={id} customer={customer.data} />;
  return <CustomerProfile key={id} customer={customer.data} />;
}

function BackLink() {
  return (
    <Link className="customer-page__back" to="/customers">
      <ArrowLeft aria-hidden="true" size={16} /> All customers
    </Link>
  );
}

type Modal =
  | { kind: 'entry' | 'edit' | 'pick' }
  | { kind: 'merge'; customers: Customer[] }
  | { kind: 'followup' | 'details' | 'channels'; entry: Entry };

function CustomerProfile({ customer }: { customer: CustomerDetail }) {
  const isAdmin = useStoredValue('role') === ADMIN_ROLE;
  // The header offers what the role's permissions allow (the server refuses the rest anyway).
  const canWrite = useCan('customers.write');
  const canAddEntry = useCan('entries.write');
  const navigate = useNavigate();
  const toast = useToast();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const remove = useDeleteCustomer();
  const [modal, setModal] = useState<Modal | null>(null);
  const close = () => setModal(null);
  const label = customerLabel(customer);
  const latestEntry = useLatestEntry(customer._id);

  const [storedCategories] = useOptionList('categories');
  const [potentialOptions] = useOptionList('potential');
  const categoryOptions = useMemo(
    () => withFound(storedCategories, customer.categories ?? []),
    [storedCategories, customer.categories],
  );

  async function onDelete() {
    if (!isAdmin) {
      toast.show(ONLY_ADMIN_DELETES, 'danger');
      return;
    }
    const ok = await confirm(`Delete ${label}?`, { confirmLabel: 'Delete', tone: 'danger' });
    if (!ok) return;
    remove.mutate(customer._id, {
      onSuccess: () => {
        toast.show('Customer deleted', 'success');
        navigate('/customers');
      },
      onError: (error) => toast.show(errorMessage(error, 'Delete failed'), 'danger'),
    });
  }

  const entryOf = (kind: 'followup' | 'details' | 'channels') =>
    modal?.kind === kind ? modal.entry : null;

  return (
    <div className="customer-page">
      <BackLink />
      <PageHeader title={label}>
        {canAddEntry && (
          <button type="button" className="btn" onClick={() => setModal({ kind: 'entry' })}>
            <Plus aria-hidden="true" size={16} /> Add Entry
          </button>
        )}
        <button
          type="button"
          className="btn btn--outline"
          aria-disabled={!latestEntry || undefined}
          title={latestEntry ? 'Schedule a follow-up on the latest entry' : 'Add an entry first'}
          onClick={() => {
            if (latestEntry) setModal({ kind: 'followup', entry: latestEntry });
          }}
        >
          <CalendarPlus aria-hidden="true" size={16} /> Follow-up
        </button>
        {canWrite && (
          <>
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => setModal({ kind: 'edit' })}
            >
              <Pencil aria-hidden="true" size={16} /> Edit
            </button>
            <button
              type="button"
              className="btn btn--outline"
              onClick={() => setModal({ kind: 'pick' })}
            >
              <GitMerge aria-hidden="true" size={16} /> Merge
            </button>
          </>
        )}
        {isAdmin && (
          <button type="button" className="btn btn--danger-outline" onClick={() => void onDelete()}>
            <Trash2 aria-hidden="true" size={16} /> Delete
          </button>
        )}
      </PageHeader>

      <ContactLinks customer={customer} />
      <WhatsAppWindowState customer={customer} />
      <ConversationPanel customer={conversationCustomer(customer, label)} />
      <CustomerQuotes customerId={customer._id} />

      <div className="customer-page__columns">
        <CustomerDetails customer={customer} canChangeOwner={isAdmin} />
        <CustomerTimeline
          customerId={customer._id}
          actions={{
            onFollowUp: (entry) => setModal({ kind: 'followup', entry }),
            onDetails: (entry) => setModal({ kind: 'details', entry }),
          }}
        />
      </div>

      <AddEntryDialog customer={modal?.kind === 'entry' ? customer : null} onClose={close} />
      <CustomerFormDialog
        open={modal?.kind === 'edit'}
        customer={customer}
        categoryOptions={categoryOptions}
        potentialOptions={potentialOptions}
        onClose={close}
        onOpenExisting={(existing) => {
          close();
          navigate(`/customers/${encodeURIComponent(existing._id)}`);
        }}
        onMergeWith={(customers) => setModal({ kind: 'merge', customers })}
      />
      <MergePickerDialog
        open={modal?.kind === 'pick'}
        customer={customer}
        onClose={close}
        onPicked={(customers) => setModal({ kind: 'merge', customers })}
      />
      <MergeDialog
        open={modal?.kind === 'merge'}
        customers={modal?.kind === 'merge' ? modal.customers : []}
        onClose={close}
        onMerged={(merged) => {
          close();
          if (merged._id !== customer._id) navigate(`/customers/${encodeURIComponent(merged._id)}`);
        }}
      />
      <FollowUpDialog entry={entryOf('followup')} onClose={close} />
      <EntryDetailsDialog
        entry={entryOf('details')}
        onClose={close}
        onChannels={(entry) => setModal({ kind: 'channels', entry })}
      />
      <ChannelDetailsDialog entry={entryOf('channels')} onClose={close} />
      {confirmDialog}
    </div>
  );
}

/** The newest entry of the timeline's first page: what the page's Follow-up button follows up. */
function useLatestEntry(customerId: string): Entry | undefined {
  const timeline = useCustomerTimeline(customerId);
  const first = timeline.data?.pages[0]?.items.find((item) => item.kind === 'entry');
  return first?.kind === 'entry' ? first.entry : undefined;
}
