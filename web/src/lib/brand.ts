/** Product title in the menu and on the sign-in screen when Settings names no company. */
export const PRODUCT_TITLE = 'CRM';
export const PRODUCT_SUBTITLE = 'CRM Console';
