import { groupPan, type Pan } from '@ebt/core/pans';
import { Button, Group, Text } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { MaskedPan } from '../../../components/MaskedPan';
import { useI18n } from '../../../lib/i18n';
import { useRevealPan } from '../api';

interface PanNumberProps {
  pan: Pan;
  /** The caller holds BULK_PAN_GEN, the printing privilege: only then is the whole number theirs to see. */
  canReveal: boolean;
  /** A refused reveal (404 when the card left the caller's scope; the 403 notice is the API client's). */
  onError: (error: unknown) => void;
}

/**
 * A PAN of the staff PANs list (decision 0097): masked, '*' and the last four, as the list answers it; for holders of
 * the printing privilege a 'Show number' button that asks the server for this one card's whole number (audited
 * there) and shows it in place, in groups of four, and 'Hide number' to mask it again. The button stays the same
 * element and is never disabled while it works, so the keyboard focus stays on it; the number is announced politely.
 */
export function PanNumber({ pan, canReveal, onError }: PanNumberProps) {
  const { t } = useI18n();
  const reveal = useRevealPan();
  const last4 = pan.pan.slice(-4);
  const whole = reveal.data?.panId === pan.panId ? reveal.data.pan : null;

  const toggle = () => {
    if (whole !== null) {
      reveal.reset(); // forgets the number: the mutation kept it
      return;
    }
    if (reveal.isPending) return;
    reveal.mutate(pan.panId, { onError });
  };

  return (
    <Group gap="xs" wrap="wrap">
      {/* Groups of four may wrap on a phone's card; each group stays whole. */}
      <Text span ff="monospace" aria-live="polite">
        {whole !== null ? groupPan(whole) : <MaskedPan pan={pan.pan} />}
      </Text>
      {canReveal && (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={toggle}
          aria-label={whole !== null ? t('pans.hideNumberOf', { last4 }) : t('pans.showNumberOf', { last4 })}
          aria-busy={reveal.isPending || undefined}
          leftSection={whole !== null ? <IconEyeOff aria-hidden size={16} /> : <IconEye aria-hidden size={16} />}
        >
          {whole !== null ? t('pans.hideNumber') : t('pans.showNumber')}
        </Button>
      )}
    </Group>
  );
}
