// Mantine's global styles; each component's styles come with its code (build/mantine-component-styles.ts).
import 'virtual:mantine-styles';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { startLanguage } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition, the first render yields to the browser every few milliseconds instead of holding the main thread
// for the whole tree, which on a slow phone is one long task that delays any tap (Lighthouse: Total Blocking Time).
// The first render waits for the language's catalogue: none for English (bundled), the Spanish chunk otherwise.
// The language first, then the router: see createAppRouter.
const language = startLanguage();
const router = createAppRouter();
void language.then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  }),
);
