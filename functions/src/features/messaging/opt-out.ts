// WhatsApp opt-out, as Meta's policy asks: a customer who writes STOP is sent nothing more on
// WhatsApp until they write START. Kept on the customer per phone (whatsappOptOuts { '+9198...':
// when they wrote STOP }); the sending rules (whatsapp-plan.ts) read it for every send.
import { FieldPath, FieldValue, Timestamp } from 'firebase-admin/firestore';
import { OPT_OUTS_FIELD } from '../../domain/customers/whatsapp-windows';
import { normalizePhone } from '../../domain/customers/normalize';
import { patchRecord } from '../../domain/writes/records';
import { changeCustomerOfPhone } from '../../domain/customers/store';

/**
 * The customer of `phone` opted out of WhatsApp at `at` (optedOut) or back in (not optedOut).
 * Answers whether a customer has that phone.
 */
export async function setWhatsAppOptOut(
  rawPhone: string,
  optedOut: boolean,
  at: Date,
): Promise<boolean> {
  const phone = normalizePhone(rawPhone);
  if (!phone) return false;
  return changeCustomerOfPhone(phone, (tx, customer) =>
    patchRecord(tx, customer.ref, [
      new FieldPath(OPT_OUTS_FIELD, phone),
      optedOut ? Timestamp.fromDate(at) : FieldValue.delete(),
    ]),
  );
}
