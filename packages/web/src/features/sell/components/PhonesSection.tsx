import type { Phone } from '@ebt/core/phone-terminals';
import { Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm-action';
import { DateText } from '../../../components/DateText';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useI18n } from '../../../lib/i18n';
import { forgetPhoneCredential, loadPhoneCredential } from '../../../lib/phone-terminal';
import { usePhones, useRemovePhone } from '../api';

/**
 * The phones that sell for the farmer user's merchants (decision 0110), for the farmer's "My business" page: each with
 * its business, who set it up, when it was last used, and Remove (after a confirmation). Removing this phone also
 * forgets its credential here; the engine refuses a removed phone at its next call.
 */
export function PhonesSection() {
  const { t } = useI18n();
  const phones = usePhones();
  const remove = useRemovePhone();
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'danger'; messages: string[] } | null>(null);
  const isThisPhone = (phone: Phone) =>
    loadPhoneCredential(phone.merchantUuid)?.terminalId === phone.terminalId && phone.revokedAt === null;

  const ask = (phone: Phone) =>
    confirmAction({
      title: t('sell.removeTitle'),
      message: t('sell.removeConfirm', { name: phone.name }),
      confirmLabel: t('sell.remove'),
      danger: true,
      onConfirm: () => {
        setOutcome(null);
        remove.mutate(
          { merchantUuid: phone.merchantUuid, terminalId: phone.terminalId },
          {
            onSuccess: () => {
              if (isThisPhone(phone)) forgetPhoneCredential(phone.merchantUuid);
              setOutcome({ kind: 'success', messages: [t('sell.phoneRemoved')] });
            },
            onError: (error) => setOutcome({ kind: 'danger', messages: errorMessagesOf(error) }),
          },
        );
      },
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="sell-phones">
      <Title order={2} id="sell-phones">
        {t('sell.phonesTitle')}
      </Title>
      <Text>{t('sell.phonesIntro')}</Text>
      {outcome && <MessageBanner kind={outcome.kind} messages={outcome.messages} />}
      {phones.isPending && <LoadingStatus label={t('sell.loadingPhones')} py="md" />}
      {phones.isError && <MessageBanner kind="danger" messages={errorMessagesOf(phones.error)} />}
      {phones.isSuccess && phones.data.length === 0 && <Text>{t('sell.noPhones')}</Text>}
      {phones.isSuccess && phones.data.length > 0 && (
        <List listStyleType="none" spacing="sm" p={0} m={0}>
          {phones.data.map((phone) => (
            <List.Item key={phone.terminalId}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Group gap="xs">
                    <Text fw={600}>{phone.name}</Text>
                    {isThisPhone(phone) && <Badge variant="light">{t('sell.thisPhone')}</Badge>}
                  </Group>
                  <Text fz="sm">
                    {phone.merchantName}
                    {phone.registeredBy ? ` · ${t('sell.registeredBy', { user: phone.registeredBy })}` : ''}
                  </Text>
                  <Text fz="sm">
                    {t('sell.registeredOn')} <DateText value={phone.registeredAt} format="date" /> ·{' '}
                    {t('sell.lastUsed')}{' '}
                    {phone.lastUsedAt ? <DateText value={phone.lastUsedAt} format="datetime" /> : t('sell.never')}
                  </Text>
                </Stack>
                {phone.revokedAt ? (
                  <Text fz="sm">
                    {t('sell.removed')} <DateText value={phone.revokedAt} format="date" />
                  </Text>
                ) : (
                  <Button
                    variant="outline"
                    color="red.9"
                    size="md"
                    onClick={() => ask(phone)}
                    loading={remove.isPending && remove.variables?.terminalId === phone.terminalId}
                    aria-label={t('sell.removePhone', { name: phone.name })}
                  >
                    {t('sell.remove')}
                  </Button>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
