import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { useI18n } from '../lib/i18n';

/** Shown while a screen's code or the signed-in user is loading. */
export function FullPageLoader({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-hidden />
      <VisuallyHidden>{label ?? t('common.loading')}</VisuallyHidden>
    </Center>
  );
}
