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

/**
 * A sale's Refund (part or all of what is left) and Void (this phone's last sale, within the engine's window): both
 * go to the engine from this phone as the merchant's terminal; a phone not set up is told how.
 */
export function SaleActions({
  sale,
  merchantUuid,
  onOutcome,
}: {
  sale: FarmerSale;
  merchantUuid: string;
  onOutcome: (outcome: EngineOutcome) => void;
}) {
  const { t, locale } = useI18n();
  const refresh = useRefreshSales();
  const [dialog, setDialog] = useState<'refund' | 'void' | null>(null);
  const [amount, setAmount] = useState<number | string>(sale.refundable);
  const [busy, setBusy] = useState(false);
  const credential = loadPhoneCredential(merchantUuid);
  const canVoid = sale.voidable && credential !== null && credential.terminalId === sale.terminalId;
  if (sale.refundable <= 0 && !canVoid) return null;
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
      setDialog(null);
      await refresh();
    }
  };

  return (
    <>
      <Group gap="xs" wrap="nowrap">
        {sale.refundable > 0 && (
          <Button
            size="xs"
            variant="default"
            onClick={() => setDialog('refund')}
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
            onClick={() => setDialog('void')}
            aria-label={t('farmer.voidOf', { amount: money(sale.approvedAmt) })}
          >
            {t('farmer.void')}
          </Button>
        )}
      </Group>
      <Dialog
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'void' ? t('farmer.void') : t('farmer.refundTitle')}
      >
        {!credential ? (
          <Stack>
            <Text>{t('farmer.phoneNeeded')}</Text>
            <Anchor component={Link} to="/merchant/sell">
              {t('farmer.phoneSetUp')}
            </Anchor>
          </Stack>
        ) : dialog === 'void' ? (
          <Stack>
            <Text>{t('farmer.voidConfirm', { amount: money(sale.approvedAmt) })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('farmer.cancel')}
              </Button>
              <Button color="red.9" loading={busy} onClick={() => void send(() => sendVoid(credential, sale.trxUuid))}>
                {t('farmer.voidSend')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack>
            <Text>
              {t('farmer.refundIntro', {
                amount: money(sale.approvedAmt),
                time: zonedDateTime(sale.trxDatetime, sale.timeZone),
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
              <Button variant="default" onClick={() => setDialog(null)}>
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
        )}
      </Dialog>
    </>
  );
}

export function EngineOutcomeBanner({ outcome, onClose }: { outcome: EngineOutcome | null; onClose: () => void }) {
  return <MessageBanner kind={outcome?.kind ?? 'info'} messages={outcome ? outcome.text : []} onClose={onClose} />;
}
