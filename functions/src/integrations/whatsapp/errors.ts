// The Graph API's WhatsApp error codes in words a sales person can act on, and which of them
// mean Meta did not take the message but will if asked again later.

const WORDS: Record<number, string> = {
  131047:
    'More than 24 hours have passed since the customer last wrote: only an approved template can be sent',
  131026:
    'WhatsApp could not deliver the message: the number may not be on WhatsApp, or its app is too old',
  130429: "WhatsApp's sending rate limit for this number was reached",
  131056: 'Too many messages to this customer in a short time',
  131049:
    'Meta held this marketing message back from this customer to keep engagement healthy: not retried today',
  131048: "WhatsApp's messaging limit (unique customers in 24 hours) was reached for this number",
  132000: "The template's number of parameters does not match what was sent",
  132001: 'The template does not exist in this language, or is not approved',
  190: 'The WhatsApp access token has expired or is invalid: update it under Integrations',
  100: 'WhatsApp refused a parameter of the message',
};

/** Meta's refusal for the number's throughput (messages a second). */
export const THROUGHPUT_REFUSED = 130429;

/** Meta's rate limits: it did not take the message and asks for a later try. */
export const RETRY_CODES = new Set([THROUGHPUT_REFUSED, 131056]);

/** A Graph error in words, ending with the code so that Meta's docs can be searched. */
export function whatsappErrorWords(code: number | undefined, details: string): string {
  const words = code !== undefined ? WORDS[code] : undefined;
  if (words) {
    const extra = code === 100 && details ? `: ${details}` : '';
    return `${words}${extra} (WhatsApp ${code})`;
  }
  const said = details || 'an error';
  return code !== undefined ? `WhatsApp refused the message: ${said} (WhatsApp ${code})` : said;
}
