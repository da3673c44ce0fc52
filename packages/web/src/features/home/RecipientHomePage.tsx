import { formatMoney } from '@ebt/core/format';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { DateText } from '../../components/DateText';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useSessionUser } from '../../lib/session-user';
import { CardControls, PinPrompt } from '../pans';
import { useBalances } from './api';
import { ProgramBalanceCard } from './components/ProgramBalanceCard';
import { HeadroomSummary, useMyHeadroom } from '../incentives';
import { registerRecipientApp } from './app-install';
import { loadBalances, saveBalances } from './offline-balances';
import { useI18n } from '../../lib/i18n';

/**
 * `/recipient` and `/recipient/home` (A§2): the total of every program in USD ($0.00 when none), a balance card per
 * program that opens `/recipient/program/{programUuid}`, and the recipient's card controls (decision 0037). Built for a
 * phone first: one column of cards at 360 px. Offline, the last balances read are shown with their time, marked as
 * not current (decision 0051).
 */
export default function RecipientHomePage() {
  const { t, locale } = useI18n();
  const user = useSessionUser();
  const navigate = useNavigate();
  const balances = useBalances();
  const headroom = useMyHeadroom();
  // The cards, and the card controls below them, show once the balances and the headroom lines are in: shown as each
  // read lands, they grew and pushed the rest down (a layout shift Lighthouse scored 0.23). A failed headroom read
  // only leaves its lines out.
  // The cards' render (cards, headroom lines, card controls: most of the page) runs as a deferred, interruptible
  // render once the reads are in: React Query's update is synchronous, and on a slow phone that render was one task
  // of ~240 ms holding every tap (Lighthouse: Total Blocking Time). Deferred, React renders it in slices and yields.
  const cardsPending = useDeferredValue(balances.isPending || headroom.isPending, true);

  useEffect(registerRecipientApp, []);
  useEffect(() => {
    if (balances.data) saveBalances(user.userUuid, balances.data);
  }, [balances.data, user.userUuid]);

  const stored = balances.isError ? loadBalances(user.userUuid) : null;
  const cards = balances.data ?? stored?.cards ?? [];
  const total = cards.reduce((sum, c) => sum + Math.round(c.totalAmount * 100), 0) / 100;
  const open = (programUuid: string) => void navigate(`/recipient/program/${programUuid}`);

  return (
    <Page title={t('home.title')}>
      <Stack gap="lg">
        <Text fz="lg">{t('home.welcome', { name: user.firstname })}</Text>
        {stored && (
          <MessageBanner
            kind="warning"
            title={t('home.notCurrent')}
            messages={t('home.offline')}
            details={
              <Text fz="sm">
                {t('home.readAt')} <DateText value={stored.readAt} format="datetime" />
              </Text>
            }
            data-testid="offline-balances"
          />
        )}
        {balances.isError && !stored && <MessageBanner kind="danger" messages={errorMessagesOf(balances.error)} />}
        <section aria-labelledby="total-balance">
          <Title order={2} fz="h4" id="total-balance">
            {t('home.totalBalance')}
          </Title>
          {balances.isPending ? (
            <LoadingStatus label={t('home.loadingTotal')} />
          ) : (
            <Text
              fz={32}
              fw={700}
              data-testid="total-balance"
              aria-label={`${t('home.totalBalance')} ${formatMoney(total, locale)}`}
            >
              <Money value={total} />
            </Text>
          )}
        </section>
        {cardsPending ? (
          <LoadingStatus label={t('home.loadingBalances')} />
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            component="section"
            aria-label={t('home.balancesByProgram')}
          >
            {cards.map((card) => (
              <ProgramBalanceCard
                key={card.programUuid}
                card={card}
                onOpen={open}
                extra={<HeadroomSummary programUuid={card.programUuid} />}
              />
            ))}
          </SimpleGrid>
        )}
        {!balances.isPending && cards.length === 0 && !balances.isError && <Text>{t('home.noPrograms')}</Text>}
        {!stored && !cardsPending && <PinPrompt />}
        {!stored && !cardsPending && <CardControls />}
      </Stack>
    </Page>
  );
}
