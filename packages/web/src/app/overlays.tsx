import '@mantine/notifications/styles.layer.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { overlaysMounted } from '../lib/overlays';

/**
 * Where the app's dialogs (`confirmAction`, `showNotice` through `modals.open*`) and notifications
 * (`notifications.show`) appear. Both APIs reach these through Mantine's stores and window events, not through
 * React context, so they sit beside the page rather than around it, and their code (Modal, focus trap,
 * transitions) loads after the first screen (lib/overlays.ts). A notification shown earlier waits in the store.
 */
export default function Overlays() {
  // Children's effects run first: when this one runs, ModalsProvider listens for `modals.open*`.
  useEffect(overlaysMounted, []);
  return (
    <>
      <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }} />
      <Notifications position="top-right" limit={4} />
    </>
  );
}
