import { lazy, useState, type ComponentType } from 'react';
import type { NavItem } from './nav-items';

// The navigations' code, loaded with the shell on screens that show it at once, and drawn by the module's own
// component once loaded. React.lazy suspends on its first render even when its module is there, and React holds the
// reveal of a boundary that showed its fallback for 300 ms: the menu area stood empty that long after sign-in with
// everything loaded (the same reason ProtectedArea picks the shell's component).

type NavProps = { items: NavItem[] };

function loadable(load: () => Promise<ComponentType<NavProps>>) {
  let loaded: ComponentType<NavProps> | undefined;
  let pending: Promise<ComponentType<NavProps>> | undefined;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Nav(props: NavProps) {
    // Chosen once per mount: switching from one to the other would remount the navigation.
    const [Component] = useState<ComponentType<NavProps>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { preload, Nav };
}

const top = loadable(() => import('./TopNav').then((module) => module.TopNav));
const side = loadable(() => import('./SideNavPanel').then((module) => module.default));

/** The header navigation of wide screens (recipients). */
export const TopNav = top.Nav;
/** The side navigation (staff on wide screens; everyone in the phone's drawer). */
export const SideNavPanel = side.Nav;

let started: Promise<unknown> = Promise.resolve();

/**
 * Starts loading the navigation the area's first screen shows at the window's width (the layout's breakpoints: lg
 * for the recipient's header, md for the side); a phone's drawer waits until it opens.
 */
export function preloadNavigation(area: 'recipient' | 'program' | 'admin' | 'merchant', width = window.innerWidth) {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const load =
    area === 'recipient' ? (width >= 75 * rem ? top.preload : null) : width >= 62 * rem ? side.preload : null;
  // A failed load is not waited for: the navigation's own Suspense boundary shows the failure when it renders.
  if (load) started = load().catch(() => undefined);
}

/** Settles once the navigation preloadNavigation started has loaded (at once when it started none). */
export function navigationLoaded(): Promise<unknown> {
  return started;
}
