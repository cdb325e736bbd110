// WhatsApp's customer-service window: each message a customer sends opens (or refreshes) 24
// hours in which free-form text and media may be sent to that phone; outside it Meta takes only
// approved templates. Kept on the customer per phone: whatsappWindows { '+9198...': openUntil }.
import { windowOpening } from '../../domain/customers/whatsapp-windows';
import { normalizePhone } from '../../domain/customers/normalize';
import { patchRecord } from '../../domain/writes/records';
import { changeCustomerOfPhone } from '../../domain/customers/store';

/**
 * A message from `phone` arrived at `at`: its customer's window for that phone now lasts until
 * 24 hours later (never shortened by a late, older delivery). No customer: nothing to keep.
 */
export async function refreshWindow(rawPhone: string, at: Date): Promise<boolean> {
  const phone = normalizePhone(rawPhone);
  if (!phone) return false;
  return changeCustomerOfPhone(phone, (tx, customer) => {
    const opening = windowOpening(customer.data(), phone, at);
    if (opening) patchRecord(tx, customer.ref, opening);
  });
}
