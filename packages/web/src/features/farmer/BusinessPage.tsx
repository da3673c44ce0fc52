import { FarmerBankChangeSection } from '../bank-changes';
import { PhonesSection } from '../sell';
import type { FarmerMerchant } from '@ebt/core/farmer';
import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { DetailSection } from '../../components/DetailSection';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { errorMessagesOf } from '../../lib/errors';
import { useI18n } from '../../lib/i18n';
import { useFarmerBusiness } from './api';
import { MerchantFrame } from './components/MerchantFrame';

/** `/merchant/business`: the merchant's programs, its addresses, its bank account masked, and the phones that sell. */
export default function FarmerBusinessPage() {
  const { t } = useI18n();
  return (
    <MerchantFrame title={t('farmer.businessTitle')}>
      {(merchant) => <Business key={merchant.merchantUuid} merchant={merchant} />}
    </MerchantFrame>
  );
}

function Business({ merchant }: { merchant: FarmerMerchant }) {
  const { t } = useI18n();
  const business = useFarmerBusiness(merchant.merchantUuid);
  if (business.isPending) return <LoadingStatus label={t('farmer.loading')} />;
  if (business.isError) return <MessageBanner kind="danger" messages={errorMessagesOf(business.error)} />;
  const b = business.data;
  return (
    <Stack gap="lg">
      <Text>
        {b.name} · {t('farmer.merchantId')} {b.merchantIdentifier}
      </Text>
      <DetailSection title={t('farmer.programs')}>
        <List listStyleType="none" spacing="xs">
          {b.programs.map((p) => (
            <List.Item key={p.programUuid}>
              <Group gap="xs">
                <Text>{p.programName}</Text>
                <Badge color={p.active ? 'green.9' : 'gray.7'} variant="light">
                  {p.active ? t('farmer.programActive') : t('farmer.programInactive')}
                </Badge>
              </Group>
            </List.Item>
          ))}
        </List>
      </DetailSection>
      <DetailSection title={t('farmer.locations')}>
        <Stack gap="sm">
          {b.locations.map((l) => (
            <div key={l.kind}>
              <Text fw={600}>{t(`farmer.location_${l.kind}`)}</Text>
              <Text>{[l.address1, l.address2].filter(Boolean).join(', ')}</Text>
              <Text>
                {l.city}, {l.state} {l.zipcode}
              </Text>
            </div>
          ))}
        </Stack>
      </DetailSection>
      <DetailSection title={t('farmer.bank')}>
        {!b.bank ? (
          <MessageBanner kind="warning" messages={t('farmer.bankNone')} />
        ) : (
          <Stack gap="xs">
            {b.bank.bankName && <Text>{b.bank.bankName}</Text>}
            <Text>
              {t('farmer.bankAccount')}: <span data-testid="bank-account">{b.bank.accountNumber ?? '—'}</span>
            </Text>
            <Text>
              {t('farmer.bankRouting')}: {b.bank.routingNumber ?? '—'}
            </Text>
            {b.bank.accountTypeId !== null && (
              <Text>
                {t('farmer.bankType')}: {t(`farmer.bankType${b.bank.accountTypeId as 0 | 1}`)}
              </Text>
            )}
            {!b.bank.complete && <MessageBanner kind="warning" messages={t('farmer.bankIncomplete')} />}
          </Stack>
        )}
        {/* A new account is asked for here and applied once staff confirm it (the bank-changes feature). */}
        <FarmerBankChangeSection merchantUuid={merchant.merchantUuid} />
      </DetailSection>
      {/* The phones registered as card readers of the caller's merchants, with Remove (the sell feature's). */}
      <PhonesSection />
    </Stack>
  );
}
