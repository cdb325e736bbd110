/**
 * The first answer of `check` that is not undefined, asked every 250 ms: for what the stack does
 * a moment after a call (a callback taken, a STOP stored). Throws after `ms` without one.
 */
export async function until<T>(check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing came within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
