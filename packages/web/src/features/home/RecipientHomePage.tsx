import { formatMoney } from '@ebt/core/format';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { DateText } from '../../components/DateText';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useSessionUser } from '../../lib/session-user';
import { CardControls } from '../pans';
import { useBalances } from './api';
import { ProgramBalanceCard } from './components/ProgramBalanceCard';
import { HeadroomSummary } from '../incentives';
import { registerRecipientApp } from './app-install';
import { loadBalances, saveBalances } from './offline-balances';

/**
 * `/recipient` and `/recipient/home` (A§2): the total of every program in USD ($0.00 when none), a balance card per
 * program that opens `/recipient/program/{programUuid}`, and the recipient's card controls (decision 0037). Built for a
 * phone first: one column of cards at 360 px. Offline, the last balances read are shown with their time, marked as
 * not current (decision 0051).
 */
export default function RecipientHomePage() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const balances = useBalances();

  useEffect(registerRecipientApp, []);
  useEffect(() => {
    if (balances.data) saveBalances(user.userUuid, balances.data);
  }, [balances.data, user.userUuid]);

  const stored = balances.isError ? loadBalances(user.userUuid) : null;
  const cards = balances.data ?? stored?.cards ?? [];
  const total = cards.reduce((sum, c) => sum + Math.round(c.totalAmount * 100), 0) / 100;
  const open = (programUuid: string) => void navigate(`/recipient/program/${programUuid}`);

  return (
    <Page title="Home">
      <Stack gap="lg">
        <Text fz="lg">Welcome, {user.firstname}.</Text>
        {stored && (
          <MessageBanner
            kind="warning"
            title="Not current"
            messages="You are offline. These balances are the last ones read and may have changed since."
            details={
              <Text fz="sm">
                Read at <DateText value={stored.readAt} format="datetime" />
              </Text>
            }
            data-testid="offline-balances"
          />
        )}
        {balances.isError && !stored && <MessageBanner kind="danger" messages={errorMessagesOf(balances.error)} />}
        <section aria-labelledby="total-balance">
          <Title order={2} fz="h4" id="total-balance">
            Total balance
          </Title>
          {balances.isPending ? (
            <LoadingStatus label="Loading the total" />
          ) : (
            <Text fz={32} fw={700} data-testid="total-balance" aria-label={`Total balance ${formatMoney(total)}`}>
              <Money value={total} />
            </Text>
          )}
        </section>
        {balances.isPending ? (
          <LoadingStatus label="Loading balances" />
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            component="section"
            aria-label="Balances by program"
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
        {!balances.isPending && cards.length === 0 && !balances.isError && (
          <Text>You have no benefit programs yet.</Text>
        )}
        {!stored && <CardControls />}
      </Stack>
    </Page>
  );
}
