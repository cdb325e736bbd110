/**
 * An email address that may break after its '@' when it does not fit on one line, never inside
 * a word ('example.i / n'). Only where white space may wrap: inside a one-line cut box it reads
 * as one piece.
 */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
