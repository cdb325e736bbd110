/** The limits POST /uploads enforces, checked here first for a clearer message. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES = 10;

/** Up to 12 saved tag suggestions. */
export const MAX_SAVED_TAGS = 12;

/** What a text template saved from the message is called: its first words. */
export const TEMPLATE_TITLE_LENGTH = 40;
