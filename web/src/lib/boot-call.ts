// A call the page's first script (app/boot/) sent before the app's own script had run, handed
// over to the app through the window: the two are built apart and share no module.

export interface BootCall {
  /** The call's address (api-url.ts buildUrl). */
  url: string;
  /** The stored session it was sent with. */
  token: string;
  /** Date.now() when it was sent. */
  at: number;
  response: Promise<Response>;
}

declare global {
  interface Window {
    crmBootCalls?: BootCall[];
  }
}

export function putBootCall(call: BootCall): void {
  call.response.catch(() => undefined); // whoever takes it reads the failure
  (window.crmBootCalls ??= []).push(call);
}

/**
 * The response of the boot's call to `url`, once, if it was sent with the session stored now
 * (someone else signing in meanwhile must not be shown the first person's answer) within
 * `maxAgeMs`; else undefined, and the caller asks itself.
 */
export function takeBootCall(
  url: string,
  token: string | null,
  maxAgeMs: number,
): Promise<Response> | undefined {
  const calls = window.crmBootCalls ?? [];
  const at = calls.findIndex((call) => call.url === url);
  if (at < 0) return undefined;
  const [call] = calls.splice(at, 1);
  return call.token === token && Date.now() - call.at <= maxAgeMs ? call.response : undefined;
}
