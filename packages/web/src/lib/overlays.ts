import { notificationsStore } from '@mantine/notifications';

// The dialogs and notifications of app/overlays.tsx are not needed to show a page, and mounting them (Modal, focus
// trap, transitions, six notification containers) costs a slow phone a long task, so their code loads when first
// needed, or a few seconds after the page has loaded. This is how the rest of the app gets them:
// - `modals.open*` is a window event that is lost while no ModalsProvider listens, so the dialog helpers
//   (components/confirm-action.tsx) call `whenOverlaysMounted`, which loads them and opens the dialog once they are;
// - `notifications.show` puts the notification in Mantine's store, where it waits; the store's first change asks
//   for the load.

let requestLoad: () => void = () => undefined;
let markMounted: () => void = () => undefined;

const loadRequested = new Promise<void>((resolve) => {
  requestLoad = resolve;
});
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** After the page's load event, how long the overlays wait for a need before they load anyway. */
const PRELOAD_AFTER_MS = 5000;

/** Resolves when the overlays' code should load (see above). Called once, by app/providers.tsx. */
export function overlaysLoadRequested(): Promise<void> {
  const unsubscribe = notificationsStore.subscribe(() => requestLoad());
  if (notificationsStore.getState().notifications.length > 0) requestLoad();
  const preload = () => setTimeout(requestLoad, PRELOAD_AFTER_MS);
  if (document.readyState === 'complete') preload();
  else window.addEventListener('load', preload, { once: true });
  return loadRequested.then(() => {
    unsubscribe();
  });
}

/**
 * Resolves once the overlays are mounted, without asking for them: other code that only a dialog needs loads after
 * them, so it never delays the first dialog a person asks for.
 */
export function overlaysReady(): Promise<void> {
  return mounted;
}

/** Called by the overlays once their providers listen (their effects run before their parent's). */
export function overlaysMounted(): void {
  markMounted();
}

/** Runs `action` once the dialogs can open: at once (in a microtask) when they already can. */
export function whenOverlaysMounted(action: () => void): void {
  requestLoad();
  void mounted.then(action);
}
