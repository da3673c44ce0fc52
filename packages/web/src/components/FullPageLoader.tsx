import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** Shown while a screen's code or the signed-in user is loading. */
export function FullPageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
