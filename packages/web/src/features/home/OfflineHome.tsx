import { Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateText } from '../../components/DateText';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { useI18n } from '../../lib/i18n';
import { KeptPayButtons } from '../pay';
import { ProgramBalanceCard } from './components/ProgramBalanceCard';
import { loadBalances } from './offline-balances';

/**
 * What /recipient shows when the signed-in recipient's account cannot be read because there is no network (decision
 * 0051): the balances last read on this device, marked 'Not current' with the time they were read, and the cards this
 * phone pays with (decision 0108). Without stored balances it says the portal needs a connection. It also shows when
 * the app was closed without signing out and opens with no signal (no session): the Pay screen is what a market needs.
 */
export default function OfflineHome() {
  const { t } = useI18n();
  const stored = loadBalances();
  const total = (stored?.cards ?? []).reduce((sum, c) => sum + Math.round(c.totalAmount * 100), 0) / 100;
  return (
    <Container size="lg" py="md">
      <Page title={t('home.title')}>
        <Stack gap="lg">
          {stored ? (
            <>
              <MessageBanner
                kind="warning"
                title={t('home.notCurrent')}
                messages={t('home.offline')}
                details={
                  <Text fz="sm" data-testid="offline-read-at">
                    {t('home.readAt')} <DateText value={stored.readAt} format="datetime" />
                  </Text>
                }
              />
              <Text fz={32} fw={700} data-testid="total-balance">
                <Money value={total} />
              </Text>
              <SimpleGrid
                cols={{ base: 1, sm: 2, lg: 3 }}
                spacing="md"
                component="section"
                aria-label={t('home.balancesByProgram')}
              >
                {stored.cards.map((card) => (
                  <ProgramBalanceCard key={card.programUuid} card={card} onOpen={() => undefined} />
                ))}
              </SimpleGrid>
            </>
          ) : (
            <MessageBanner kind="warning" messages={t('home.offlineNoData')} />
          )}
          <KeptPayButtons />
        </Stack>
      </Page>
    </Container>
  );
}
