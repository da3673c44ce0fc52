import { MAP_ZOOM_TRANSACTION } from '@ebt/core/constants';
import { TRANSACTION_MESSAGES, TransactionParams, type TransactionDetail } from '@ebt/core/transactions';
import { Anchor, Button, List, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { DateText } from '../../components/DateText';
import { ProgramTimeZone } from '../../lib/clock';
import { DetailSection } from '../../components/DetailSection';
import { FieldList, ReadOnlyField } from '../../components/Field';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MapView } from '../../components/MapView';
import { MaskedPan } from '../../components/MaskedPan';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { NotFoundPage } from '../../components/NotFoundPage';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import type { StaffBase } from '../../lib/staff-base';
import { useTransaction } from './api';

/**
 * `{base}/transaction/{id}` (B§7 "Transactions (detail)", decision 0034): the transaction's facts, then the blocks
 * that apply to it: card (masked), recipient, balances, benefits affected, reversal, merchant, delivery address,
 * additional response text and location, with a map at zoom 16 when the place is known.
 */
export default function TransactionDetailPage({ base }: { base: StaffBase }) {
  const { id = '' } = useParams();
  if (!TransactionParams.safeParse({ id }).success) return <NotFoundPage homeTo={`/${base}`} />;
  return <TransactionView base={base} trxUuid={id} />;
}

function TransactionView({ base, trxUuid }: { base: StaffBase; trxUuid: string }) {
  const transaction = useTransaction(trxUuid);
  const back = (
    <Button component={Link} to={`/${base}/transactions`} variant="default">
      Back to transactions
    </Button>
  );
  if (transaction.isPending)
    return (
      <Page title="Transaction">
        <LoadingStatus label="Loading the transaction" />
      </Page>
    );
  if (transaction.isError) {
    const notFound = isApiError(transaction.error, 404) || isApiError(transaction.error, 400);
    return (
      <Page title="Transaction">
        <Stack gap="sm" align="flex-start">
          <MessageBanner
            kind="danger"
            w="100%"
            messages={notFound ? TRANSACTION_MESSAGES.TRANSACTION_NOT_FOUND : errorMessagesOf(transaction.error)}
          />
          {back}
        </Stack>
      </Page>
    );
  }
  const trx = transaction.data;
  return (
    <Page
      title={`${trx.trxType} ${trx.responseCode === '00' ? '' : '(declined) '}of ${trx.programName}`}
      actions={back}
    >
      <ProgramTimeZone programUuid={trx.programUuid}>
        <Stack gap="lg">
          <DetailSection title="Transaction">
            <FieldList>
              <ReadOnlyField label="Date" value={<DateText value={trx.trxDatetime} format="datetime" />} />
              <ReadOnlyField label="Trace number" value={trx.traceNumber} />
              <ReadOnlyField label="Transaction ID" value={trx.transactionId} />
              <ReadOnlyField label="API version" value={trx.apiVersion} />
              <ReadOnlyField label="Type" value={trx.trxType} />
              <ReadOnlyField label="Request amount" value={<Money value={trx.reqAmt} />} />
              <ReadOnlyField label="Response" value={`${trx.responseCode} ${trx.responseText}`} />
              <ReadOnlyField label="Settlement date" value={trx.settleDate && <DateText value={trx.settleDate} />} />
              <ReadOnlyField
                label="Settlement amount"
                value={trx.settleAmt === null ? null : <Money value={trx.settleAmt} />}
              />
              <ReadOnlyField label="Auth number" value={trx.authNumber} />
              <ReadOnlyField label="MCC" value={trx.mcc} />
              {trx.terminalId && <ReadOnlyField label="Terminal ID" value={trx.terminalId} />}
              <ReadOnlyField label="PAN entry mode" value={trx.panEntryMode} />
              <ReadOnlyField label="POS condition code" value={trx.posConditionCode} />
              <ReadOnlyField label="AI code" value={trx.aiCode} />
              <ReadOnlyField label="Program" value={trx.programName} />
            </FieldList>
          </DetailSection>
          <Blocks base={base} trx={trx} />
        </Stack>
      </ProgramTimeZone>
    </Page>
  );
}

function Blocks({ base, trx }: { base: StaffBase; trx: TransactionDetail }) {
  const linked = (label: string, other: NonNullable<TransactionDetail['reversalOf']>) => (
    <ReadOnlyField
      label={label}
      value={
        <Anchor component={Link} to={`/${base}/transaction/${other.trxUuid}`}>
          {other.trxType} of <Money value={other.reqAmt} />, <DateText value={other.trxDatetime} format="datetime" />
        </Anchor>
      }
    />
  );
  const place =
    trx.latitude !== null && trx.longitude !== null ? ([trx.latitude, trx.longitude] as [number, number]) : null;
  return (
    <>
      {(trx.pan || trx.recipient) && (
        <DetailSection title="Card and recipient">
          <FieldList>
            {trx.pan && <ReadOnlyField label="Card" value={<MaskedPan pan={trx.pan} />} />}
            {trx.recipient && (
              <ReadOnlyField
                label="Recipient"
                value={
                  <Anchor component={Link} to={`/${base}/recipient/${trx.recipient.accountUuid}/${trx.programId}`}>
                    {trx.recipient.firstname} {trx.recipient.lastname} ({trx.recipient.recipientIdentifier})
                  </Anchor>
                }
              />
            )}
          </FieldList>
        </DetailSection>
      )}
      {(trx.startBalance !== null || trx.endBalance !== null) && (
        <DetailSection title="Balance">
          <FieldList>
            <ReadOnlyField
              label="Start balance"
              value={trx.startBalance === null ? null : <Money value={trx.startBalance} />}
            />
            <ReadOnlyField
              label="End balance"
              value={trx.endBalance === null ? null : <Money value={trx.endBalance} />}
            />
            {trx.incentiveEarned && (
              <ReadOnlyField label="Incentive earned" value={<Money value={trx.incentiveEarned} />} />
            )}
          </FieldList>
        </DetailSection>
      )}
      {trx.benefits.length > 0 && (
        <DetailSection title={trx.benefits.length === 1 ? 'Benefit affected' : 'Benefits affected'}>
          <List spacing="xs">
            {trx.benefits.map((b) => (
              <List.Item key={b.benefitUuid}>
                <Anchor component={Link} to={`/${base}/benefit/${b.benefitUuid}`}>
                  Benefit {b.authorizationNumber}
                </Anchor>
                : <Money value={b.amount} />
              </List.Item>
            ))}
          </List>
        </DetailSection>
      )}
      {(trx.reversalOf || trx.reversedBy) && (
        <DetailSection title="Reversal">
          <FieldList>
            {trx.reversalOf && linked('Reverses', trx.reversalOf)}
            {trx.reversedBy && linked('Reversed by', trx.reversedBy)}
          </FieldList>
        </DetailSection>
      )}
      {trx.merchant && (
        <DetailSection title="Merchant">
          <FieldList>
            <ReadOnlyField
              label="Merchant"
              value={
                <Anchor component={Link} to={`/${base}/merchant/${trx.merchant.merchantUuid}`}>
                  {trx.merchant.merchantName}
                </Anchor>
              }
            />
            <ReadOnlyField label="Merchant ID" value={trx.merchant.merchantIdentifier} />
          </FieldList>
        </DetailSection>
      )}
      {trx.deliveryAddress && (
        <DetailSection title="Delivery address">
          <Text>{trx.deliveryAddress}</Text>
        </DetailSection>
      )}
      {trx.additionalResponseText && (
        <DetailSection title="Additional response text">
          <Text>{trx.additionalResponseText}</Text>
        </DetailSection>
      )}
      {(trx.locationAddress || place) && (
        <DetailSection title="Location">
          {trx.locationAddress && <Text>{trx.locationAddress}</Text>}
          {/* The map's text alternative when no address says where (WCAG 1.1.1): the place as coordinates. */}
          {!trx.locationAddress && place && (
            <Text>
              Latitude {place[0].toFixed(5)}, longitude {place[1].toFixed(5)}
              {trx.merchant?.merchantName ? ` (${trx.merchant.merchantName})` : ''}
            </Text>
          )}
          {place && (
            <MapView
              center={place}
              zoom={MAP_ZOOM_TRANSACTION}
              label="Map of where the transaction took place"
              markers={[
                {
                  key: trx.trxUuid,
                  position: place,
                  text: '1',
                  label: trx.merchant?.merchantName ?? trx.locationAddress ?? 'Transaction location',
                  popup: trx.locationAddress ?? trx.merchant?.merchantName,
                },
              ]}
            />
          )}
        </DetailSection>
      )}
    </>
  );
}
