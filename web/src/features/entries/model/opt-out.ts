// A customer who wrote STOP on WhatsApp gets nothing there until they write START: how the
// console says so (composers, the customer page, the customers list).

/** The badge's two visible words, where a list has room for no more. */
export const OPTED_OUT_SHORT = 'Opted out';
export const OPTED_OUT = `${OPTED_OUT_SHORT} of WhatsApp (wrote STOP)`;
