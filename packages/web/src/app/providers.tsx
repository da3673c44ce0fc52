import { MantineProvider, type MantineColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { KitTexts } from '../components/KitTexts';
import { overlaysLoadRequested } from '../lib/overlays';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

// Dialogs and notifications are not needed to paint the first screen: they load later (lib/overlays.ts). Pages work
// without them, so a failed load (the server went away, a new release replaced the file) must not take the page down.
const Overlays = lazy<ComponentType>(() =>
  overlaysLoadRequested()
    .then(() => import('./overlays'))
    .catch((error: unknown) => {
      console.error('The dialogs and notifications could not be loaded', error);
      return { default: () => null };
    }),
);

/**
 * The portal has one colour scheme (light, index.html says so too): nothing to read from or keep in localStorage,
 * whose first read can block the first render for tens of milliseconds on a slow phone.
 */
const LIGHT_ONLY: MantineColorSchemeManager = {
  get: () => 'light',
  set: () => undefined,
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => undefined,
};

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={LIGHT_ONLY}
      defaultColorScheme="light"
      forceColorScheme="light"
    >
      <KitTexts>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <Overlays />
          </Suspense>
          {children}
        </QueryClientProvider>
      </KitTexts>
    </MantineProvider>
  );
}
