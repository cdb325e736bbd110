// The one clock for rules that depend on time (rate-limit windows, OTP expiry, timestamps the
// accounts feature writes). Tests move it with setClock; everything else reads now().

let source: () => number = Date.now;

/** Milliseconds since the epoch. */
export function now(): number {
  return source();
}

/** Replaces the clock (tests); call with no argument to go back to the real one. */
export function setClock(next?: () => number): void {
  source = next ?? Date.now;
}
