import type { CardDevice } from '@ebt/core/card-devices';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { DateText } from '../../../components/DateText';
import { FormOutcome } from '../../../components/FormOutcome';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useI18n } from '../../../lib/i18n';
import { useOwnCardDevices, useRemoveOwnDevice } from '../api';

/** One phone's line: its name, when it was added and last used, and Remove. */
export function DeviceLines({
  devices,
  onRemove,
  busyUuid,
  texts,
}: {
  devices: CardDevice[];
  onRemove: (device: CardDevice) => void;
  busyUuid: string | null;
  texts: { added: string; lastUsed: string; never: string; remove: string; removeLabel: (name: string) => string };
}) {
  return (
    <List listStyleType="none" spacing="xs" p={0} m={0}>
      {devices.map((device) => (
        <List.Item key={device.deviceUuid}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text fw={600}>{device.name}</Text>
              <Text fz="sm">
                {texts.added} <DateText value={device.createdAt} format="datetime" /> · {texts.lastUsed}{' '}
                {device.lastUsedAt ? <DateText value={device.lastUsedAt} format="datetime" /> : texts.never}
              </Text>
            </Stack>
            <Button
              variant="outline"
              color="red.9"
              onClick={() => onRemove(device)}
              loading={busyUuid === device.deviceUuid}
              aria-label={texts.removeLabel(device.name)}
            >
              {texts.remove}
            </Button>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The phones that can pay with one of the recipient's cards (decision 0108), under the card: each with Remove (after a
 * confirmation). A phone removed here makes no more codes; it can be set up again from the Pay screen.
 */
export function CardDevicesList({ panId, last4 }: { panId: number; last4: string }) {
  const { t } = useI18n();
  const devices = useOwnCardDevices(panId);
  const remove = useRemoveOwnDevice(panId);
  const [outcome, setOutcome] = useState<{ success: string | null; error: unknown }>({ success: null, error: null });

  const ask = (device: CardDevice) =>
    confirmAction({
      title: t('pay.removeTitle'),
      message: t('pay.removeConfirm', { name: device.name }),
      confirmLabel: t('pay.remove'),
      danger: true,
      onConfirm: () => {
        setOutcome({ success: null, error: null });
        remove.mutate(device.deviceUuid, {
          onSuccess: () => setOutcome({ success: null, error: null }),
          onError: (error) => setOutcome({ success: null, error }),
        });
      },
    });

  return (
    <Stack gap="xs" component="section" aria-label={t('pay.phonesOf', { last4 })}>
      <Text fw={600}>{t('pay.phones')}</Text>
      <FormOutcome success={outcome.success} error={outcome.error} />
      {devices.isPending && <LoadingStatus label={t('pay.loadingPhones')} py="md" />}
      {devices.isError && <MessageBanner kind="danger" messages={errorMessagesOf(devices.error)} />}
      {devices.isSuccess && devices.data.length === 0 && <Text fz="sm">{t('pay.noPhones')}</Text>}
      {devices.isSuccess && devices.data.length > 0 && (
        <DeviceLines
          devices={devices.data}
          onRemove={ask}
          busyUuid={remove.isPending ? (remove.variables ?? null) : null}
          texts={{
            added: t('pay.added'),
            lastUsed: t('pay.lastUsed'),
            never: t('pay.never'),
            remove: t('pay.remove'),
            removeLabel: (name) => t('pay.removePhone', { name }),
          }}
        />
      )}
    </Stack>
  );
}
