import { TERMINAL_NAME_MAX } from '@ebt/core/terminals';
import { Button, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useI18n } from '../../../lib/i18n';
import { type PhoneCredential, savePhoneCredential } from '../../../lib/phone-terminal';
import { useSessionUser } from '../../../lib/session-user';
import { useRegisterPhone } from '../api';
import { thisBrowser } from '../../../lib/browser-name';

/**
 * The first visit of a phone not registered for the merchant (or one the engine refused: `removed`): what registering
 * does, and one tap that registers it and keeps the credential on this phone (lib/phone-terminal.ts).
 */
export function RegisterPhone({
  merchantUuid,
  merchantName,
  removed,
  onRegistered,
}: {
  merchantUuid: string;
  merchantName: string;
  removed: boolean;
  onRegistered: (credential: PhoneCredential) => void;
}) {
  const { t } = useI18n();
  const user = useSessionUser();
  const register = useRegisterPhone();
  const { browser, system } = thisBrowser();
  const name = (
    system
      ? t('sell.phoneName', { user: user.firstname, browser, system })
      : t('sell.phoneNameNoSystem', { user: user.firstname, browser })
  ).slice(0, TERMINAL_NAME_MAX);

  const go = () =>
    register.mutate(
      { merchantUuid, name },
      {
        onSuccess: (answer) => {
          const credential = { merchantUuid, terminalId: answer.terminalId, secret: answer.secret, name: answer.name };
          savePhoneCredential(credential);
          onRegistered(credential);
        },
      },
    );

  return (
    <Stack gap="md">
      {removed ? (
        <MessageBanner
          kind="warning"
          title={t('sell.removedTitle')}
          messages={t('sell.removedText', { merchant: merchantName })}
        />
      ) : (
        <Title order={2}>{t('sell.registerTitle')}</Title>
      )}
      <Text fz="lg">{t('sell.registerIntro', { merchant: merchantName })}</Text>
      <Text>{t('sell.registerNote')}</Text>
      {register.isError && <MessageBanner kind="danger" messages={errorMessagesOf(register.error)} />}
      <Button size="xl" h={64} leftSection={<IconDeviceMobile aria-hidden />} onClick={go} loading={register.isPending}>
        {removed ? t('sell.registerAgain') : t('sell.registerButton')}
      </Button>
    </Stack>
  );
}
