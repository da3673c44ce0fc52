import { useSyncExternalStore } from 'react';

// Whether the browser says it has a network, following its online and offline events: the screens that must never
// act without one (a sale) or that work without one (a pay code) say so at once rather than after a failed call.

function subscribeOnline(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

/** navigator.onLine, re-rendering when it changes. */
export const useBrowserOnline = () =>
  useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
