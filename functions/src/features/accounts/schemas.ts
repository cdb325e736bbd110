import { z } from 'zod';
import { bodySchema } from '../../http/validate';
import { hasHiddenCharacter, HIDDEN_CHARACTER_MESSAGE } from '../../hidden-characters';
import { toE164 } from '../../domain/identity/phone';
import { ADMIN_ROLE, DEFAULT_ROLE, normalizeRoleName } from '../../domain/identity/permissions';

export const MIN_PASSWORD = 8;
/** Firebase Authentication's own ceiling is far higher; this keeps hashing bounded. */
export const MAX_PASSWORD = 128;

const email = z
  .string('Email required')
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address').max(254, 'Email too long'));

export const loginBody = bodySchema(
  'POST /auth/login',
  z.object({
    email,
    password: z.string('Password required').min(1, 'Password required').max(MAX_PASSWORD),
  }),
);

export const NO_ADMIN_REGISTRATION =
  'Registration cannot ask for the admin role; an admin assigns roles on approval.';

export const registerBody = bodySchema(
  'POST /auth/register',
  z.object({
    fullName: z
      .string('Full name required')
      .trim()
      .min(1, 'Full name required')
      .max(100, 'At most 100 characters')
      .refine((value) => !hasHiddenCharacter(value), `A name ${HIDDEN_CHARACTER_MESSAGE}`),
    email,
    phone: z
      .string('Phone must be a text')
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value.trim() === '') return undefined;
        const e164 = toE164(value);
        if (!e164) ctx.addIssue({ code: 'custom', message: 'Enter a valid phone number' });
        return e164;
      }),
    password: z
      .string('Password required')
      .min(MIN_PASSWORD, `Password must be at least ${MIN_PASSWORD} characters`)
      .max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`),
    role: z
      .string('Role must be a text')
      .optional()
      .transform((value) => normalizeRoleName(value ?? '') || DEFAULT_ROLE)
      .refine((role) => role !== ADMIN_ROLE, NO_ADMIN_REGISTRATION),
  }),
);

const otpRequest = z.object({
  identifier: z
    .string('Enter your email or phone number')
    .trim()
    .min(1, 'Enter your email or phone number')
    .max(254),
});

export const otpRequestBody = bodySchema('POST /auth/otp/request', otpRequest);

export const otpVerifyBody = bodySchema(
  'POST /auth/otp/verify',
  otpRequest.extend({
    code: z
      .string('Enter the 6-digit code')
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  }),
);

/** Without a body, the session signs out on this device only. */
export const logoutBody = bodySchema(
  'POST /auth/logout',
  z.object({
    /** Also end the account's sessions on every other device. */
    everywhere: z.boolean('everywhere must be true or false').optional(),
  }),
);
