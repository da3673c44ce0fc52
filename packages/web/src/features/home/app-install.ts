/**
 * Registers the service worker of the installable recipient app (decision 0051) from the recipient's home, in a built
 * app only (the development server has none). Staff never register it.
 */
export function registerRecipientApp(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
