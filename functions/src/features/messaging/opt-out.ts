// WhatsApp opt-out, as Meta's policy asks: a customer who writes STOP is sent nothing more on
// WhatsApp until they write START. Kept on the customer per phone (whatsappOptOuts { '+9198...':
// when they wrote STOP }); the sending rules (whatsapp-plan.ts) read it for every send.
import { FieldPath, FieldValue, Timestamp } from 'firebase-admin/firestore';
import { getDb } from '../../firebase';
import { OPT_OUTS_FIELD } from '../../domain/customers/whatsapp-windows';
import { keyRef } from '../../domain/customers/keys';
import { normalizePhone } from '../../domain/customers/normalize';
import { customerKeyId } from '../../domain/customers/record';
import { patchRecord } from '../../domain/writes/records';
import { customerRef } from '../../domain/customers/store';

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
  const db = getDb();
  return db.runTransaction(async (tx) => {
    const key = await tx.get(keyRef(db, customerKeyId('phone', phone)));
    const customerId: unknown = key.get('customerId');
    if (!key.exists || typeof customerId !== 'string' || !customerId) return false;
    const ref = customerRef(customerId, db);
    if (!(await tx.get(ref)).exists) return false;
    patchRecord(tx, ref, [
      new FieldPath(OPT_OUTS_FIELD, phone),
      optedOut ? Timestamp.fromDate(at) : FieldValue.delete(),
    ]);
    return true;
  });
}
