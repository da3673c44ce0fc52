import { TRANSACTION_MESSAGES } from '@ebt/core/transactions';
import { Anchor, Box, List, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { DateText } from '../../components/DateText';
import { DetailSection } from '../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { useTransaction } from './api';
import { useI18n } from '../../lib/i18n';

// Leaflet loads only when a transaction has coordinates to show.
const MerchantMap = lazy(() => import('./components/MerchantMap'));

/**
 * `/recipient/transaction/{id}` (A§2): date, type, amount, result, the merchant's name and address
 * (a small map when coordinates exist), the benefits the purchase used and the incentive it earned
 * (`incentiveEarned`, filled by the transaction engine). Another recipient's transaction is the server's 404.
 */
export default function RecipientTransactionDetailPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const trx = useTransaction(id);
  if (trx.isPending)
    return (
      <Page title={t('trxDetail.title')}>
        <LoadingStatus label={t('trxDetail.loading')} />
      </Page>
    );
  if (trx.isError)
    return (
      <Page title={t('trxDetail.title')}>
        <MessageBanner
          kind="warning"
          messages={
            isApiError(trx.error, 404) ? TRANSACTION_MESSAGES.TRANSACTION_NOT_FOUND : errorMessagesOf(trx.error)
          }
        />
      </Page>
    );
  const x = trx.data;
  const hasPoint = x.latitude !== null && x.longitude !== null;
  return (
    <Page title={t('trxDetail.title')}>
      <Stack gap="lg">
        <DetailSection title={t('trxDetail.title')}>
          <FieldList>
            <ReadOnlyField
              label={t('transactions.date')}
              value={<DateText value={x.trxDatetime} format="datetime" />}
            />
            <ReadOnlyField label={t('transactions.type')} value={t(`trxType.${x.trxType}`, x.trxType)} />
            <ReadOnlyField label={t('transactions.amount')} value={<Money value={x.settleAmt ?? x.reqAmt} />} />
            <ReadOnlyField label={t('transactions.result')} value={t(`trxResult.${x.responseText}`, x.responseText)} />
            <ReadOnlyField label={t('benefits.program')} value={x.programName} />
            {x.incentiveEarned ? (
              <ReadOnlyField label={t('trxDetail.incentiveEarned')} value={<Money value={x.incentiveEarned} />} />
            ) : null}
          </FieldList>
        </DetailSection>
        <DetailSection title={t('transactions.merchant')}>
          {x.merchant ? (
            <Stack gap="xs">
              <Anchor component={Link} to={`/recipient/merchant/${x.merchant.merchantUuid}`} fw={700}>
                {x.merchant.merchantName}
              </Anchor>
              {x.locationAddress && <Text>{x.locationAddress}</Text>}
              {hasPoint && (
                <Box h={220} style={{ maxWidth: '100%' }}>
                  <Suspense fallback={<LoadingStatus label={t('trxDetail.loadingMap')} />}>
                    <MerchantMap latitude={x.latitude!} longitude={x.longitude!} name={x.merchant.merchantName} />
                  </Suspense>
                </Box>
              )}
            </Stack>
          ) : (
            <Text>{t('trxDetail.noMerchant')}</Text>
          )}
        </DetailSection>
        <DetailSection title={t('trxDetail.benefitsUsed')}>
          {x.benefits.length ? (
            <List>
              {x.benefits.map((b) => (
                <List.Item key={b.benefitUuid}>
                  {b.authorizationNumber}: <Money value={b.amount} />
                </List.Item>
              ))}
            </List>
          ) : (
            <Text>{t('trxDetail.noBenefit')}</Text>
          )}
        </DetailSection>
      </Stack>
    </Page>
  );
}
