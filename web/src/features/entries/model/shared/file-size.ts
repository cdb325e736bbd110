// Attachment sizes shown in KB, the same on the Add Entry form and on saved entries.

const UNKNOWN_SIZE = '—';
/** The smallest size shown, so a tiny file never reads as 0 KB. */
const MIN_KB = 0.1;

/**
 * Bytes as KB: one decimal under 10 KB ('0.5 KB', '2 KB', '9.8 KB'), whole KB above ('121 KB',
 * '1,024 KB'); '—' when the size is unknown (a fixed PDF saved without one is 0).
 */
export function fileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return UNKNOWN_SIZE;
  const kb = Math.max(MIN_KB, bytes / 1024);
  const digits = kb < 10 ? 1 : 0;
  return `${kb.toLocaleString('en-IN', { maximumFractionDigits: digits })} KB`;
}
