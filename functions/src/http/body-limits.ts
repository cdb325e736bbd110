// How large a request body may be, counted after inflating a compressed one.

/** JSON (and any other body that is not multipart): 1 MB. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Multipart bodies (file uploads, the CSV import): 32 MB, the largest request Cloud Run takes,
 * so no upload production would accept is cut; each route then checks its own files' limits.
 */
export const MULTIPART_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

/** How deeply a JSON body's arrays and objects may nest: no route takes more than a few levels. */
export const MAX_JSON_DEPTH = 64;
