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

// Leaflet loads only when a transaction has coordinates to show.
const MerchantMap = lazy(() => import('./components/MerchantMap'));

/**
 * `/recipient/transaction/{id}` (A§2, issue 21 item 4): date, type, amount, result, the merchant's name and address
 * (a small map when coordinates exist), the benefits the purchase used and the incentive it earned
 * (`incentiveEarned`, filled by the transaction engine). Another recipient's transaction is the server's 404.
 */
export default function RecipientTransactionDetailPage() {
  const { id = '' } = useParams();
  const trx = useTransaction(id);
  if (trx.isPending)
    return (
      <Page title="Transaction">
        <LoadingStatus label="Loading the transaction" />
      </Page>
    );
  if (trx.isError)
    return (
      <Page title="Transaction">
        <MessageBanner
          kind="warning"
          messages={
            isApiError(trx.error, 404) ? TRANSACTION_MESSAGES.TRANSACTION_NOT_FOUND : errorMessagesOf(trx.error)
          }
        />
      </Page>
    );
  const t = trx.data;
  const hasPoint = t.latitude !== null && t.longitude !== null;
  return (
    <Page title="Transaction">
      <Stack gap="lg">
        <DetailSection title="Transaction">
          <FieldList>
            <ReadOnlyField label="Date" value={<DateText value={t.trxDatetime} format="datetime" />} />
            <ReadOnlyField label="Type" value={t.trxType} />
            <ReadOnlyField label="Amount" value={<Money value={t.settleAmt ?? t.reqAmt} />} />
            <ReadOnlyField label="Result" value={t.responseText} />
            <ReadOnlyField label="Program" value={t.programName} />
            {t.incentiveEarned ? (
              <ReadOnlyField label="Incentive earned" value={<Money value={t.incentiveEarned} />} />
            ) : null}
          </FieldList>
        </DetailSection>
        <DetailSection title="Merchant">
          {t.merchant ? (
            <Stack gap="xs">
              <Anchor component={Link} to={`/recipient/merchant/${t.merchant.merchantUuid}`} fw={700}>
                {t.merchant.merchantName}
              </Anchor>
              {t.locationAddress && <Text>{t.locationAddress}</Text>}
              {hasPoint && (
                <Box h={220} style={{ maxWidth: '100%' }}>
                  <Suspense fallback={<LoadingStatus label="Loading the map" />}>
                    <MerchantMap latitude={t.latitude!} longitude={t.longitude!} name={t.merchant.merchantName} />
                  </Suspense>
                </Box>
              )}
            </Stack>
          ) : (
            <Text>No merchant is recorded for this transaction.</Text>
          )}
        </DetailSection>
        <DetailSection title="Benefits used">
          {t.benefits.length ? (
            <List>
              {t.benefits.map((b) => (
                <List.Item key={b.benefitUuid}>
                  {b.authorizationNumber}: <Money value={b.amount} />
                </List.Item>
              ))}
            </List>
          ) : (
            <Text>No benefit was used.</Text>
          )}
        </DetailSection>
      </Stack>
    </Page>
  );
}
