import type { FarmerSale } from '@ebt/core/farmer';
import { formatMoney } from '@ebt/core/format';
import type { PosAnswer } from '@ebt/core/pos';
import { Anchor, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/Dialog';
import { MessageBanner } from '../../../components/MessageBanner';
import { useI18n } from '../../../lib/i18n';
import { loadPhoneCredential } from '../../../lib/phone-terminal';
import { sendRefund, sendVoid, useRefreshSales } from '../api';
import { zonedDateTime } from '../zoned-time';

export interface EngineOutcome {
  kind: 'success' | 'danger';
  text: string;
}

/** The engine's answer in plain words: approved with what went back, or why not (its own text). */
function outcomeOf(
  t: ReturnType<typeof useI18n>['t'],
  locale: string,
  answer: PosAnswer,
  last4: string | null,
): EngineOutcome {
  if (answer.responseCode === '00') {
    const amount = formatMoney(answer.approvedAmount, locale);
    return {
      kind: 'success',
      text: last4 ? t('farmer.answerApproved', { amount, last4 }) : t('farmer.answerApprovedNoCard', { amount }),
    };
  }
  const reason = [answer.responseText, answer.additionalResponseText].filter(Boolean).join('. ');
  return { kind: 'danger', text: t('farmer.answerDeclined', { reason }) };
}

export type SaleAction = 'refund' | 'void';

/** Whether this phone may void the sale: its own last sale, within the engine's window. */
function voidableHere(sale: FarmerSale, merchantUuid: string): boolean {
  const credential = loadPhoneCredential(merchantUuid);
  return sale.voidable && credential !== null && credential.terminalId === sale.terminalId;
}

/**
 * A sale's Refund and Void buttons. They only ask the page to open the dialog (SaleDialog): the dialog lives in the
 * page, keyed by the sale, so a list that reloads under it (the farmer pressed Show, a page changed) does not take it
 * away with the row.
 */
export function SaleActions({
  sale,
  merchantUuid,
  onOpen,
}: {
  sale: FarmerSale;
  merchantUuid: string;
  onOpen: (sale: FarmerSale, action: SaleAction) => void;
}) {
  const { t, locale } = useI18n();
  const canVoid = voidableHere(sale, merchantUuid);
  if (sale.refundable <= 0 && !canVoid) return null;
  const money = (value: number) => formatMoney(value, locale);
  return (
    <Group gap="xs" wrap="nowrap">
      {sale.refundable > 0 && (
        <Button
          size="xs"
          variant="default"
          onClick={() => onOpen(sale, 'refund')}
          aria-label={t('farmer.refundOf', { amount: money(sale.approvedAmt) })}
        >
          {t('farmer.refund')}
        </Button>
      )}
      {canVoid && (
        <Button
          size="xs"
          variant="default"
          color="red.9"
          onClick={() => onOpen(sale, 'void')}
          aria-label={t('farmer.voidOf', { amount: money(sale.approvedAmt) })}
        >
          {t('farmer.void')}
        </Button>
      )}
    </Group>
  );
}

/**
 * The Refund (part or all of what is left) or Void dialog of one sale, as it was when the farmer opened it: both go
 * to the engine from this phone as the merchant's terminal; a phone not set up is told how. The page keys it by the
 * sale, so the amount starts afresh for each sale.
 */
export function SaleDialog({
  open,
  merchantUuid,
  onClose,
  onOutcome,
}: {
  open: { sale: FarmerSale; action: SaleAction } | null;
  merchantUuid: string;
  onClose: () => void;
  onOutcome: (outcome: EngineOutcome) => void;
}) {
  const { t } = useI18n();
  const action = open?.action ?? null;
  return (
    <Dialog
      opened={open !== null}
      onClose={onClose}
      title={action === 'void' ? t('farmer.void') : t('farmer.refundTitle')}
    >
      {open && (
        <SaleDialogBody
          key={`${open.sale.trxUuid}:${open.action}`}
          sale={open.sale}
          action={open.action}
          merchantUuid={merchantUuid}
          onClose={onClose}
          onOutcome={onOutcome}
        />
      )}
    </Dialog>
  );
}

function SaleDialogBody({
  sale,
  action,
  merchantUuid,
  onClose,
  onOutcome,
}: {
  sale: FarmerSale;
  action: SaleAction;
  merchantUuid: string;
  onClose: () => void;
  onOutcome: (outcome: EngineOutcome) => void;
}) {
  const { t, locale } = useI18n();
  const refresh = useRefreshSales();
  const [amount, setAmount] = useState<number | string>(sale.refundable);
  const [busy, setBusy] = useState(false);
  const credential = loadPhoneCredential(merchantUuid);
  const money = (value: number) => formatMoney(value, locale);
  const value = typeof amount === 'number' ? amount : Number(amount);
  const problem =
    !Number.isFinite(value) || value <= 0
      ? t('farmer.refundTooLow')
      : value > sale.refundable
        ? t('farmer.refundTooHigh', { amount: money(sale.refundable) })
        : null;

  const send = async (call: () => Promise<PosAnswer>) => {
    setBusy(true);
    try {
      onOutcome(outcomeOf(t, locale, await call(), sale.cardLast4));
    } catch (failure) {
      const status = (failure as { status?: number }).status;
      onOutcome({ kind: 'danger', text: status === 401 ? t('farmer.phoneRemoved') : t('farmer.answerFailed') });
    } finally {
      setBusy(false);
      onClose();
      await refresh();
    }
  };

  if (!credential)
    return (
      <Stack>
        <Text>{t('farmer.phoneNeeded')}</Text>
        <Anchor component={Link} to="/merchant/sell">
          {t('farmer.phoneSetUp')}
        </Anchor>
      </Stack>
    );
  if (action === 'void')
    return (
      <Stack>
        <Text>{t('farmer.voidConfirm', { amount: money(sale.approvedAmt) })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('farmer.cancel')}
          </Button>
          <Button color="red.9" loading={busy} onClick={() => void send(() => sendVoid(credential, sale.trxUuid))}>
            {t('farmer.voidSend')}
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack>
      <Text>
        {t('farmer.refundIntro', {
          amount: money(sale.approvedAmt),
          time: zonedDateTime(sale.trxDatetime, sale.timeZone, locale),
          left: money(sale.refundable),
        })}
      </Text>
      <NumberInput
        label={t('farmer.refundAmount')}
        value={amount}
        onChange={setAmount}
        min={0.01}
        max={sale.refundable}
        decimalScale={2}
        fixedDecimalScale
        prefix="$"
        error={problem}
        data-autofocus
      />
      <Anchor component="button" type="button" onClick={() => setAmount(sale.refundable)} size="sm">
        {t('farmer.refundAll', { amount: money(sale.refundable) })}
      </Anchor>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('farmer.cancel')}
        </Button>
        <Button
          loading={busy}
          disabled={problem !== null}
          onClick={() => void send(() => sendRefund(credential, sale.trxUuid, Math.round(value * 100) / 100))}
        >
          {t('farmer.refundSend', { amount: money(Number.isFinite(value) ? value : 0) })}
        </Button>
      </Group>
    </Stack>
  );
}

export function EngineOutcomeBanner({ outcome, onClose }: { outcome: EngineOutcome | null; onClose: () => void }) {
  return <MessageBanner kind={outcome?.kind ?? 'info'} messages={outcome ? outcome.text : []} onClose={onClose} />;
}
