import type { Pan } from '@ebt/core/pans';
import { Badge, Button, Stack, Text } from '@mantine/core';
import { confirmAction, DANGER_COLOR } from '../../../components/confirm-action';
import { DateText } from '../../../components/DateText';
import { WARNING_BADGE_COLOR } from '../../../components/badge-colors';
import { useClearCardPin } from '../api';

// Card PINs on the staff PANs page (docs/security.md "Card PINs"): whether the card has a PIN and since when, whether
// it took too many wrong PINs today, and 'Clear PIN' after a confirmation (the server checks the caller's scope).

interface StaffPinProps {
  pan: Pan;
  /** Disabled while another change of the page runs. */
  busy: boolean;
  onOutcome: (outcome: { success: string | null; error: unknown }) => void;
}

export function StaffPin({ pan, busy, onOutcome }: StaffPinProps) {
  const clear = useClearCardPin();
  const last4 = pan.pan.slice(-4);
  const ask = () =>
    confirmAction({
      title: 'Clear PIN',
      message: `Clear the PIN of the card ending in ${last4}? The recipient must set a new PIN in the portal before paying with this card. They will be told.`,
      confirmLabel: 'Clear PIN',
      danger: true,
      onConfirm: () => {
        onOutcome({ success: null, error: null });
        clear.mutate(pan.panId, {
          onSuccess: (answer) => onOutcome({ success: answer.message, error: null }),
          onError: (error) => onOutcome({ success: null, error }),
        });
      },
    });
  return (
    <Stack gap={4} align="flex-start">
      <Text fz="sm" data-testid="staff-pin-state">
        {pan.pinSet ? (
          <>
            PIN set on <DateText value={pan.pinSetAt} format="date" />
          </>
        ) : (
          'No PIN'
        )}
      </Text>
      {pan.pinTriesExceeded && (
        <Badge color={WARNING_BADGE_COLOR} variant="outline">
          Too many wrong PINs today
        </Badge>
      )}
      {pan.pinSet && (
        <Button
          size="compact-sm"
          variant="outline"
          color={DANGER_COLOR}
          disabled={busy || clear.isPending}
          loading={clear.isPending}
          onClick={ask}
          aria-label={`Clear PIN: PAN ending in ${last4}`}
        >
          Clear PIN
        </Button>
      )}
    </Stack>
  );
}
