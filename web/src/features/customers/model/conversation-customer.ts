import type { ConversationCustomer } from '../../conversations';
import type { CustomerDetail } from '../api/types';

/** What the conversation needs of the customer: whom it writes to, and the first phone's window. */
export function conversationCustomer(
  customer: CustomerDetail,
  label: string,
): ConversationCustomer {
  const openUntil = customer.whatsappWindow?.openUntil ?? null;
  return {
    _id: customer._id,
    name: label,
    phone: customer.phones?.[0],
    email: customer.emails?.[0],
    window: {
      // The server's answer; without one, only what is always allowed (approved templates).
      open: customer.whatsappWindow?.open ?? false,
      openUntil,
    },
    optedOutAt: customer.whatsappWindow?.optedOutAt ?? null,
  };
}
