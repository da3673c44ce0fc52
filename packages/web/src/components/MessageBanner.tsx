import { Alert, Box, type AlertProps } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { useI18n } from '../lib/i18n';

export type MessageKind = 'success' | 'warning' | 'danger' | 'info';

// Mantine's light alerts colour the title with shade 9, which is below 4.5:1 on the yellow and green backgrounds;
// these darker twins pass WCAG AA on each kind's background (title, icon and close button).
const KINDS: Record<MessageKind, { color: string; ink: string; icon: typeof IconInfoCircle }> = {
  success: { color: 'green', ink: '#1e6b2f', icon: IconCircleCheck },
  warning: { color: 'yellow', ink: '#7a4b00', icon: IconAlertTriangle },
  danger: { color: 'red', ink: '#a51d1d', icon: IconAlertCircle },
  info: { color: 'blue', ink: '#1a4d8f', icon: IconInfoCircle },
};

export interface MessageBannerProps extends Omit<
  AlertProps,
  'title' | 'color' | 'children' | 'onClose' | 'role' | 'variant' | 'icon'
> {
  kind: MessageKind;
  /** One text or several; each is its own line (A§8: the server's errors are shown one per line). */
  messages: string | readonly string[];
  title?: string;
  /** Shows a close button ('Dismiss message') that calls this. */
  onClose?: () => void;
  /** More than text under the lines: what a person must act on before leaving (a new terminal's secret to copy). */
  details?: ReactNode;
  /** For moving focus to the banner (it takes focus programmatically, not by Tab), as the sign-in page does. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * The one way a screen reports an outcome (A§8): a success, a warning (empty results such as 'No recipients
 * found.'), a danger (a refused or failed call, see `errorMessagesOf` in lib/errors.ts) or an info note.
 * Danger and warning are `role="alert"` (read at once); success and info are `role="status"` (read politely).
 * Renders nothing when there is no non-empty message, so `<MessageBanner messages={errors} />` can stay mounted.
 */
export function MessageBanner({ kind, messages, title, onClose, ref, details, ...others }: MessageBannerProps) {
  const { t, m } = useI18n();
  // Messages arrive in English (core's constants, the API's texts); a Spanish page shows their Spanish (docs/i18n.md).
  const lines = (typeof messages === 'string' ? [messages] : messages).filter((text) => text.trim() !== '').map(m);
  if (lines.length === 0) return null;
  const { color, ink, icon: Icon } = KINDS[kind];

  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      variant="light"
      color={color}
      role={kind === 'danger' || kind === 'warning' ? 'alert' : 'status'}
      title={title}
      icon={<Icon aria-hidden size={20} />}
      withCloseButton={onClose !== undefined}
      onClose={onClose}
      closeButtonLabel={t('kit.dismissMessage')}
      styles={{
        root: { borderInlineStart: `4px solid ${ink}` },
        title: { color: ink },
        icon: { color: ink },
        closeButton: { color: ink },
        message: { fontSize: 'var(--mantine-font-size-md)' },
      }}
      data-kind={kind}
      {...others}
    >
      {lines.length === 1 ? (
        lines[0]
      ) : (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {lines.map((line, index) => (
            // Server texts may repeat (two rows failing alike), so the position keeps the keys unique.
            <li key={`${index}-${line}`}>{line}</li>
          ))}
        </Box>
      )}
      {details}
    </Alert>
  );
}
