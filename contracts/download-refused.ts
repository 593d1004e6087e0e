/**
 * A ticketed download the Worker refused on a browser navigation comes back to the app page it was started
 * from with the refusal's envelope code in this query parameter (worker/middleware/refused-download.ts); the
 * app shows it as a message and takes it off the address (web/lib/download.ts).
 */
export const DOWNLOAD_REFUSED_PARAM = 'downloadRefused';
