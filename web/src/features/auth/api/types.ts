/** What POST /auth/login and POST /auth/otp/verify answer. */
export type SessionAnswer = {
  token: string;
  role?: string | null;
  user?: { id?: string; fullName?: string; email?: string; role?: string } | null;
};
