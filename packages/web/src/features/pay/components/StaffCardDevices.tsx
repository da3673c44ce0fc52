import { PAN_STATUS } from '@ebt/core/enums';
import type { CardDevice } from '@ebt/core/card-devices';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { DetailSection } from '../../../components/DetailSection';
import { FormOutcome } from '../../../components/FormOutcome';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useCardDevices, useRemoveDevice } from '../api';
import { DeviceLines } from './CardDevicesList';

// Staff pages speak English only (docs/i18n.md): the texts are written here.
const TEXTS = {
  added: 'Added',
  lastUsed: 'Last used',
  never: 'Never',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove phone ${name}`,
};

function PanDevices({ panId, last4 }: { panId: number; last4: string }) {
  const devices = useCardDevices(panId);
  const remove = useRemoveDevice(panId);
  const [outcome, setOutcome] = useState<{ success: string | null; error: unknown }>({ success: null, error: null });
  const ask = (device: CardDevice) =>
    confirmAction({
      title: 'Remove phone',
      message: `Remove the phone "${device.name}" from the PAN ending in ${last4}? It will no longer make pay codes for this card, and the recipient will be told.`,
      confirmLabel: 'Remove',
      danger: true,
      onConfirm: () => {
        setOutcome({ success: null, error: null });
        remove.mutate(device.deviceUuid, {
          onSuccess: () => setOutcome({ success: `The phone "${device.name}" was removed.`, error: null }),
          onError: (error) => setOutcome({ success: null, error }),
        });
      },
    });
  return (
    <Stack gap="xs" component="section" aria-label={`Phones of the PAN ending in ${last4}`}>
      <Text fw={600}>PAN ending in {last4}</Text>
      <FormOutcome success={outcome.success} error={outcome.error} />
      {devices.isPending && <LoadingStatus label="Loading the phones" py="md" />}
      {devices.isError && <MessageBanner kind="danger" messages={errorMessagesOf(devices.error)} />}
      {devices.isSuccess && devices.data.length === 0 && <Text fz="sm">No phone can pay with this PAN.</Text>}
      {devices.isSuccess && devices.data.length > 0 && (
        <DeviceLines
          devices={devices.data}
          onRemove={ask}
          busyUuid={remove.isPending ? (remove.variables ?? null) : null}
          texts={TEXTS}
        />
      )}
    </Stack>
  );
}

/**
 * The staff PANs page's 'Phones that pay' (decision 0108): for each Active PAN of the recipient, the phones that can
 * make pay codes for it, each with Remove (after a confirmation; the server tells the recipient). `pans` as the PANs
 * page lists them (masked).
 */
export function StaffCardDevices({ pans }: { pans: readonly { panId: number; pan: string; panStatusId: number }[] }) {
  const active = pans.filter((p) => p.panStatusId === PAN_STATUS.ACTIVE);
  if (active.length === 0) return null;
  return (
    <DetailSection title="Phones that pay">
      <Stack gap="md">
        {active.map((p) => (
          <PanDevices key={p.panId} panId={p.panId} last4={p.pan.slice(-4)} />
        ))}
      </Stack>
    </DetailSection>
  );
}
