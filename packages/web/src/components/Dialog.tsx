import { Modal, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';

/**
 * A screen's own dialog holding a form or a search (B§2 Process Applicant, A§2 the recipient picker): a wide
 * overlay, full screen on a phone, with the named close button every dialog of the kit has ('Close dialog';
 * Mantine's has no name). `onClosed` runs after the closing transition, once focus is back where it was.
 */
export function Dialog({
  opened,
  onClose,
  title,
  onClosed,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  onClosed?: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      fullScreen={phone}
      onExitTransitionEnd={onClosed}
      closeButtonProps={{ 'aria-label': t('kit.closeDialog') }}
    >
      {children}
    </Modal>
  );
}
