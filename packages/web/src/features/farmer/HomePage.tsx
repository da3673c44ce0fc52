import { formatMoney } from '@ebt/core/format';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { errorMessagesOf } from '../../lib/errors';
import { useI18n } from '../../lib/i18n';
import { useFarmerToday } from './api';
import { HoldNotices } from './components/HoldNotices';
import { localDay } from './zoned-time';
import { MerchantFrame } from './components/MerchantFrame';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Card>
  );
}

/** `/merchant`: the day at a glance (in the merchant's program zone), selling one tap away, holds and the last payout. */
export default function FarmerHomePage() {
  const { t } = useI18n();
  return (
    <MerchantFrame title={t('farmer.homeTitle')}>
      {(merchant) => <Today merchantUuid={merchant.merchantUuid} />}
    </MerchantFrame>
  );
}

function Today({ merchantUuid }: { merchantUuid: string }) {
  const { t, locale } = useI18n();
  const today = useFarmerToday(merchantUuid);
  const money = (value: number) => formatMoney(value, locale);
  return (
    <Stack gap="lg">
      <Button component={Link} to="/merchant/sell" size="xl" fullWidth maw={480}>
        {t('farmer.sell')}
      </Button>
      {today.isPending && <LoadingStatus label={t('farmer.loading')} py="md" />}
      {today.isError && <MessageBanner kind="danger" messages={errorMessagesOf(today.error)} />}
      {today.data && (
        <>
          <HoldNotices holds={today.data.holds} />
          <section aria-labelledby="farmer-today">
            <Title order={2} size="h3" id="farmer-today" mb="sm">
              {t('farmer.today', { date: localDay(today.data.today, locale) })}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <Figure label={t('farmer.salesToday')} value={String(today.data.salesCount)} />
              <Figure label={t('farmer.totalToday')} value={money(today.data.salesAmt)} />
              <Figure label={t('farmer.netToday')} value={money(today.data.netAmt)} />
            </SimpleGrid>
            <Anchor component={Link} to="/merchant/sales" mt="sm" display="inline-block">
              {t('farmer.seeSales')}
            </Anchor>
          </section>
          <section aria-labelledby="farmer-last-payout">
            <Title order={2} size="h3" id="farmer-last-payout" mb="xs">
              {t('farmer.lastPayout')}
            </Title>
            <Group gap="md">
              <Text>
                {today.data.lastPayout
                  ? t('farmer.payoutLine', {
                      amount: money(today.data.lastPayout.netAmt),
                      day: localDay(today.data.lastPayout.businessDay, locale),
                      status: t(`farmer.status${today.data.lastPayout.statusId as 0 | 1 | 2 | 3}`),
                    })
                  : t('farmer.noPayout')}
              </Text>
              <Anchor component={Link} to="/merchant/payouts">
                {t('farmer.seePayouts')}
              </Anchor>
            </Group>
          </section>
        </>
      )}
    </Stack>
  );
}
