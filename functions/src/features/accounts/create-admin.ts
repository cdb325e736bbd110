// The first admin of a project (and a way back in): makes the account an approved admin,
// creating it or resetting its password and name. Used by `npm run create-admin`.
import { getAuth } from 'firebase-admin/auth';
import { z } from 'zod';
import { getFirebaseApp } from '../../firebase';
import { validationError } from '../../http/errors';
import { MAX_PASSWORD, MIN_PASSWORD } from './schemas';
import { toE164 } from '../../domain/identity/phone';
import { storeAdmin } from '../../domain/identity/user-store';

const input = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address')),
  password: z
    .string('Password required')
    .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters`)
    .max(MAX_PASSWORD),
  fullName: z.string('Name required').trim().min(1, 'Name required'),
  phone: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return '';
      const e164 = toE164(value);
      if (!e164) ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number' });
      return e164 ?? '';
    }),
});

export type AdminInput = z.input<typeof input>;

export async function createAdmin(raw: AdminInput): Promise<{ uid: string; created: boolean }> {
  const parsed = input.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error);
  const { email, password, fullName, phone } = parsed.data;
  const auth = getAuth(getFirebaseApp());
  let uid: string;
  let created = false;
  try {
    ({ uid } = await auth.getUserByEmail(email));
    await auth.updateUser(uid, { password, displayName: fullName, disabled: false });
  } catch (err) {
    if ((err as { code?: unknown } | null)?.code !== 'auth/user-not-found') throw err;
    ({ uid } = await auth.createUser({ email, password, displayName: fullName }));
    created = true;
  }
  await storeAdmin(uid, { fullName, email, phone });
  return { uid, created };
}
