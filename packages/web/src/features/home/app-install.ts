/** After the page's load event, how long the service worker waits before it registers (and starts its precache). */
const REGISTER_AFTER_MS = 3000;

let registrationPlanned = false;

/**
 * Registers the service worker of the installable recipient app (decision 0051) from the recipient's home, in a built
 * app only (the development server has none). Staff never register it.
 *
 * Not at once: on registering, the worker precaches the whole built app (about 240 files, 2.4 MB), which on a first
 * visit competed with the home's own first paint for the phone's network and processor (and on the test machine for
 * the server's). It registers a few seconds after the page has loaded instead (decision 0105); a later visit finds it
 * installed as before.
 */
export function registerRecipientApp(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registrationPlanned) return;
  registrationPlanned = true;
  const register = () =>
    setTimeout(() => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    }, REGISTER_AFTER_MS);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
