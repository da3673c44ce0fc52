// Durations in milliseconds. Resolution 25 keeps only the delays a person sees; the original client's other
// timers (preselection, list reloads) are replaced by reacting to loaded data and are deliberately absent.

/** A§1/A§9: the session ends after 20 minutes without mouse, scroll or key activity, checked every second. */
export const INACTIVITY_TIMEOUT_MS = 1_200_000;
export const INACTIVITY_CHECK_MS = 1000;
/**
 * WCAG 2.2.1: a dialog warns this long before the inactivity time-out and offers 'Stay signed in'
 * (decision 0063).
 */
export const INACTIVITY_WARNING_MS = 2 * 60_000;
/**
 * The server ends a session after SESSION_IDLE_MS without a call, but a person filling in a long form makes no
 * calls. While they are active, the web app calls the server when it has made no call for this long, so the server's
 * clock never runs out before the screen's does.
 */
export const SESSION_KEEPALIVE_MS = 5 * 60_000;

/** A§4/A§9: unread notifications shown on a page of 5 become read after 4 seconds. */
export const NOTIFICATION_AUTO_READ_MS = 4000;
/** B§4/B§9: the print link is clicked 1 second after a single PAN is generated. */
export const AUTO_PRINT_DELAY_MS = 1000;
/** B§4/B§9: the PDF of a bulk generation downloads 500 ms after acceptance. */
export const PDF_DOWNLOAD_DELAY_MS = 500;
/** B§4/B§9: after a user is deleted the screen returns to the users list after 2.5 seconds. */
export const USER_DELETE_REDIRECT_MS = 2500;
/** B§9: dashboard chart animation. */
export const CHART_ANIMATION_MS = 600;

// Server-side session and sign-in rules of architecture.md.
export const SESSION_IDLE_MS = 20 * 60_000;
/**
 * The server records a call in the session's last_seen_at at most this often, so its idle clock may start up to this
 * long before the client's last call; the web app's keep-alive allows for it (decision 0063).
 */
export const SESSION_TOUCH_MS = 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
export const LOGIN_LOCK_THRESHOLD = 10;
export const LOGIN_LOCK_MS = 30 * 60_000;
/** More than this many failed sign-ins from one address within IP_WINDOW_MS answer 429 for the rest of the window. */
export const IP_FAILURE_LIMIT = 50;
export const IP_WINDOW_MS = 15 * 60_000;
export const OTP_TTL_MS = 10 * 60_000;
