// WhatsApp's customer-service window: each message a customer sends opens (or refreshes) 24
// hours in which free-form text and media may be sent to that phone; outside it Meta takes only
// approved templates. Kept on the customer per phone: whatsappWindows { '+9198...': openUntil }.
import { FieldPath, Timestamp } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { WINDOWS_FIELD, windowUntil } from '../../domain/customers/whatsapp-windows';
import { keyRef } from '../../domain/customers/keys';
import { normalizePhone } from '../../domain/customers/normalize';
import { customerKeyId } from '../../domain/customers/record';
import { patchRecord } from '../../domain/writes/records';
import { customerRef } from '../../domain/customers/store';

export const WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * A message from `phone` arrived at `at`: its customer's window for that phone now lasts until
 * 24 hours later (never shortened by a late, older delivery). No customer: nothing to keep.
 */
export async function refreshWindow(rawPhone: string, at: Date): Promise<boolean> {
  const phone = normalizePhone(rawPhone);
  if (!phone) return false;
  const db = getDb();
  const until = Timestamp.fromMillis(at.getTime() + WINDOW_MS);
  return db.runTransaction(async (tx) => {
    const key = await tx.get(keyRef(db, customerKeyId('phone', phone)));
    const customerId: unknown = key.get('customerId');
    if (!key.exists || typeof customerId !== 'string' || !customerId) return false;
    const ref = customerRef(customerId, db);
    const customer = await tx.get(ref);
    if (!customer.exists) return false;
    const current = windowUntil(customer.data(), phone);
    if (current && current.getTime() >= until.toMillis()) return true;
    patchRecord(tx, ref, [new FieldPath(WINDOWS_FIELD, phone), until]);
    return true;
  });
}
