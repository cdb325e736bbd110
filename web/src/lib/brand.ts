/** Product title in the menu and on the sign-in screen; the company name from settings later. */
export const PRODUCT_TITLE = 'CRM';
export const PRODUCT_SUBTITLE = 'CRM Console';
