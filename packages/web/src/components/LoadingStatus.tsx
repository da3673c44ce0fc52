import { Center, Loader, VisuallyHidden } from '@mantine/core';

/**
 * A part of a screen that is loading: a spinner for the eye and a status text for screen readers. The text is real
 * content of the status region, not an aria-label on the spinner (a span without a role may not carry one).
 */
export function LoadingStatus({ label, py = 'xl' }: { label: string; py?: 'md' | 'xl' }) {
  return (
    <Center py={py} role="status">
      <Loader size="sm" aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
