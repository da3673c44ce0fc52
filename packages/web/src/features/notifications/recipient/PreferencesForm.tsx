import { NOTIFICATION_METHOD, NOTIFICATION_METHOD_LABEL, type NotificationMethod } from '@ebt/core/enums';
import { preferencePairs } from '@ebt/core/notifications';
import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { DetailSection } from '../../../components/DetailSection';
import { FormOutcome, SubmitButton } from '../../../components/FormOutcome';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { errorMessagesOf } from '../../../lib/errors';
import { useNotificationEvents, usePreferences, useSavePreferences } from './api';
import { useI18n } from '../../../lib/i18n';

const METHODS = Object.values(NOTIFICATION_METHOD) as NotificationMethod[];
const keyOf = (eventId: number, methodId: number) => `${eventId}:${methodId}`;

/**
 * The preferences on /recipient/notifications (A§2, A§3 Preference, A§7): each event by e-mail and by SMS, saved
 * together ('Preferences updated.'). SMS needs a mobile phone on the account: the server says so when there is none.
 */
export function PreferencesForm() {
  const { t } = useI18n();
  const events = useNotificationEvents();
  const preferences = usePreferences();
  const save = useSavePreferences();
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (preferences.data)
      setChosen(new Set(preferences.data.filter((p) => p.selected).map((p) => keyOf(p.eventId, p.methodId))));
  }, [preferences.data]);

  if (events.isPending || preferences.isPending || !chosen)
    return (
      <DetailSection title={t('notifications.preferences')}>
        {events.isError || preferences.isError ? (
          <MessageBanner kind="danger" messages={errorMessagesOf(events.error ?? preferences.error)} />
        ) : (
          <LoadingStatus label={t('notifications.loadingPreferences')} />
        )}
      </DetailSection>
    );

  const toggle = (key: string, on: boolean) => {
    setSuccess(null);
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSuccess(null);
    const selected = [...chosen].map((k) => {
      const [eventId, methodId] = k.split(':').map(Number) as [number, number];
      return { eventId, methodId };
    });
    save.mutate(preferencePairs(selected), { onSuccess: (answer) => setSuccess(answer.message) });
  };

  return (
    <DetailSection title={t('notifications.preferences')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text fz="sm">{t('notifications.chooseHow')}</Text>
          {/* The carrier holds the phone's STOP: choosing SMS changes nothing until the phone replies START. */}
          {preferences.data?.some((p) => p.smsOptedOut) && (
            <MessageBanner kind="info" messages={t('notifications.smsOptedOut')} />
          )}
          <Table.ScrollContainer minWidth={0}>
            <Table>
              <Table.Caption>{t('notifications.preferencesCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('notifications.event')}</Table.Th>
                  {METHODS.map((m) => (
                    <Table.Th scope="col" key={m}>
                      {t(`notifications.method${m}`, NOTIFICATION_METHOD_LABEL[m])}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(events.data ?? []).map((e) => (
                  <Table.Tr key={e.eventId}>
                    <Table.Th scope="row" fw={400}>
                      {t(`notifications.event${e.eventId}`, e.descr)}
                    </Table.Th>
                    {METHODS.map((m) => (
                      <Table.Td key={m}>
                        <Checkbox
                          aria-label={t('notifications.eventBy', {
                            event: t(`notifications.event${e.eventId}`, e.descr),
                            method: t(`notifications.method${m}`, NOTIFICATION_METHOD_LABEL[m]),
                          })}
                          checked={chosen.has(keyOf(e.eventId, m))}
                          onChange={(ev) => toggle(keyOf(e.eventId, m), ev.currentTarget.checked)}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <FormOutcome success={success} error={save.error} />
          <div>
            <SubmitButton loading={save.isPending}>{t('notifications.savePreferences')}</SubmitButton>
          </div>
        </Stack>
      </form>
    </DetailSection>
  );
}
