// A customer who wrote STOP on WhatsApp gets nothing there until they write START: how the
// console says so (composers, the customer page, the customers list).
export const OPTED_OUT = 'Opted out of WhatsApp (wrote STOP)';
