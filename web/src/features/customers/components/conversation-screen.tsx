import { ArrowLeft, Info, Phone } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { customerPath } from '../../../lib/app-paths';
import { Clip } from '../../../lib/clip';
import { formatDateTime } from '../../../lib/format';
import { formatPhone } from '../../../lib/phone';
import { ConversationPanel, QuoteLink } from '../../conversations';
import { OPTED_OUT } from '../../entries';
import type { CustomerDetail } from '../api/types';
import { conversationCustomer } from '../model/conversation-customer';
import { customerLabel } from '../model/customer-label';
import { whatsappWindowStatus } from '../model/whatsapp-window';

/**
 * A customer's conversation filling a phone's screen, as WhatsApp shows a chat: who it is with,
 * whether WhatsApp can reach them now, call and details one tap away, the thread, and the reply
 * box at the bottom.
 */
export function ConversationScreen({ customer }: { customer: CustomerDetail }) {
  const navigate = useNavigate();
  const label = customerLabel(customer);
  const phone = customer.phones?.[0];
  // Back is where the person came from (the Inbox, a notification); opened from a link in
  // another tab, it is the customer's page.
  const cameFromHere = (window.history.state as { idx?: number } | null)?.idx;
  const back = () => {
    if (cameFromHere) navigate(-1);
    else navigate(customerPath(customer._id));
  };
  return (
    <ConversationPanel
      customer={conversationCustomer(customer, label)}
      header={
        <header className="conversation-screen__header">
          <button
            type="button"
            className="icon-button conversation-screen__action"
            aria-label="Back"
            onClick={back}
          >
            <ArrowLeft aria-hidden="true" size={20} />
          </button>
          <div className="conversation-screen__who">
            <h1 className="conversation-screen__name">
              <Clip full={label} />
            </h1>
            <WindowLine customer={customer} />
          </div>
          {phone && (
            <a
              className="icon-button conversation-screen__action"
              href={`tel:${phone}`}
              aria-label={`Call ${formatPhone(phone)}`}
            >
              <Phone aria-hidden="true" size={20} />
            </a>
          )}
          <QuoteLink customerId={customer._id} compact />
          <Link
            className="icon-button conversation-screen__action"
            to={customerPath(customer._id)}
            aria-label={`${label}: details`}
          >
            <Info aria-hidden="true" size={20} />
          </Link>
        </header>
      }
    />
  );
}

/** One line under the name: whether a free-form WhatsApp message reaches them now. */
function WindowLine({ customer }: { customer: CustomerDetail }) {
  const status = whatsappWindowStatus(customer);
  if (!status) return null;
  const text =
    status.kind === 'optedOut'
      ? `${OPTED_OUT} since ${formatDateTime(status.since)}`
      : status.kind === 'open'
        ? `WhatsApp open until ${formatDateTime(status.until)}`
        : 'WhatsApp: approved templates only';
  return (
    <p className="conversation-screen__window" data-testid="whatsapp-window">
      {text}
    </p>
  );
}
