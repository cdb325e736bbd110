/**
 * Last month 0 and this month > 0 is +100%; both 0 is +0%; otherwise
 * (this − last) / last as a whole-number percentage, with '+' when not negative.
 */
export function monthOverMonth(
  thisMonth: number,
  lastMonth: number,
): { text: string; up: boolean } {
  let percent: number;
  if (lastMonth === 0) percent = thisMonth > 0 ? 100 : 0;
  else percent = Math.round(((thisMonth - lastMonth) / lastMonth) * 100);
  if (Object.is(percent, -0)) percent = 0;
  const up = percent >= 0;
  return { text: `${up ? '+' : ''}${percent}%`, up };
}

/** The unread badge is capped at 99+. */
export function unreadLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}
