// Mantine's global styles, then the app's; each component's styles come with its code
// (build/mantine-component-styles.ts). Imported here rather than by the entry, they open the startup chunk's one
// stylesheet, which every page links, instead of being a second stylesheet to request before the first paint.
import 'virtual:mantine-styles';
import './global.css';
import { startTransition, StrictMode } from 'react';
import { RouterProvider } from 'react-router/dom';
import { startLanguage } from '../lib/i18n';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/** Lets the browser run what waits (a tap, a paint, a network answer) before the next step of the start. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Renders the app into #root. Loaded by main.tsx once the page's first reads are on their way; index.html preloads
 * this module's chunks, so the import waits for no extra round trip.
 *
 * The start runs in steps, each its own task: evaluating the app's modules, setting up the language (i18next), the
 * router (which compiles every route's path), React DOM's set-up, then the first render. In one task they held the
 * main thread for 50-80 ms on the test machine, four times that on Lighthouse's slow phone, counted as blocking time.
 */
export async function startApp(root: HTMLElement): Promise<void> {
  await nextTask();
  // The first render waits for the language's catalogue: none for English (bundled), the Spanish chunk otherwise.
  // The language first, then the router: see createAppRouter.
  const language = startLanguage();
  await nextTask();
  const router = createAppRouter();
  // React DOM's client (the renderer, ~190 KB of its 310) sets itself up when first imported: imported here, not
  // with this module, that is a task of its own rather than part of evaluating the app's modules.
  await nextTask();
  const { createRoot } = await import('react-dom/client');
  await language;
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
  // for the whole tree, which on a slow phone is one long task that delays any tap (Lighthouse: Total Blocking Time).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}
