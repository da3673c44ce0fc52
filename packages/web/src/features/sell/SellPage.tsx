import type { FarmerMerchant } from '@ebt/core/farmer';
import { formatMoney } from '@ebt/core/format';
import type { BalanceInquiryBody, PosAnswer, PurchaseBody } from '@ebt/core/pos';
import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Money } from '../../components/Money';
import { Page } from '../../components/Page';
import { isApiError } from '../../lib/api-client';
import { errorMessagesOf } from '../../lib/errors';
import { useBrowserOnline } from '../../lib/online';
import { useI18n } from '../../lib/i18n';
import {
  forgetPhoneCredential,
  loadPhoneCredential,
  newTraceNumber,
  type PhoneCredential,
  terminalDateTime,
} from '../../lib/phone-terminal';
import { useCurrentMerchant } from '../farmer';
import { sendBalanceInquiry, sendPurchase, usePhones } from './api';
import { CardStep } from './components/CardStep';
import { Keypad, useKeypadKeys } from './components/Keypad';
import { PinPad } from './components/PinPad';
import type { ReceiptFacts } from './components/Receipt';
import { RegisterPhone } from './components/RegisterPhone';
import { SaleAnswer } from './components/SaleAnswer';
import { centsToDollars, entryModeOf, pressAmountKey, type SaleCard } from './sale';

type Mode = 'sale' | 'balance';
type Step = 'amount' | 'eligible' | 'card' | 'pin' | 'sending' | 'lost' | 'answer';

/** One engine call as sent: kept until answered, so a lost connection resends it unchanged (the engine's retry). */
interface PendingCall {
  mode: Mode;
  body: PurchaseBody | BalanceInquiryBody;
  facts: ReceiptFacts;
}

/**
 * `/merchant/sell` (decision 0110): the farmer's phone as the merchant's terminal. The amount on a keypad, the fruit and
 * vegetables part where the merchant's programs have incentives, the card (camera or typed), the PIN pad handed to the
 * customer, then the engine's answer in plain words with the receipt. A phone not registered for the merchant first
 * registers (one tap). Nothing is sent without a connection, and nothing waits to be sent: the amount stays on screen.
 */
export default function SellPage() {
  const { t } = useI18n();
  const { merchants, merchant, choose, query } = useCurrentMerchant();

  return (
    <Page title={t('sell.title')}>
      {query.isPending && <LoadingStatus label={t('sell.loading')} />}
      {query.isError && <MessageBanner kind="danger" messages={errorMessagesOf(query.error)} />}
      {query.isSuccess && !merchant && <MessageBanner kind="info" messages={t('sell.noMerchant')} />}
      {merchant && merchants.length > 1 && (
        <NativeSelect
          size="lg"
          label={t('sell.chooseMerchant')}
          value={merchant.merchantUuid}
          onChange={(event) => choose(event.currentTarget.value)}
          data={merchants.map((m) => ({ value: m.merchantUuid, label: m.name }))}
        />
      )}
      {merchant && <Sale key={merchant.merchantUuid} merchant={merchant} />}
    </Page>
  );
}

function Sale({ merchant }: { merchant: FarmerMerchant }) {
  const { t, locale } = useI18n();
  const online = useBrowserOnline();
  const phones = usePhones();
  const [credential, setCredential] = useState<PhoneCredential | null>(() =>
    loadPhoneCredential(merchant.merchantUuid),
  );
  const [removed, setRemoved] = useState(false);
  const [mode, setMode] = useState<Mode>('sale');
  const [step, setStep] = useState<Step>('amount');
  const [cents, setCents] = useState(0);
  const [eligibleCents, setEligibleCents] = useState<number | null>(null);
  const [eligibleTouched, setEligibleTouched] = useState(false);
  const [card, setCard] = useState<{ card: SaleCard; scanned: boolean } | null>(null);
  const [allowPartial, setAllowPartial] = useState(false);
  const [pending, setPending] = useState<PendingCall | null>(null);
  const [answer, setAnswer] = useState<{ answer: PosAnswer; facts: ReceiptFacts } | null>(null);
  const [refusal, setRefusal] = useState<string[]>([]);
  const hasIncentives = merchant.programs.some((p) => p.active && p.hasIncentives);

  const phoneRemoved = useCallback(() => {
    forgetPhoneCredential(merchant.merchantUuid);
    setCredential(null);
    setRemoved(true);
  }, [merchant.merchantUuid]);

  // A phone removed by staff or on "My business" is known before the customer keys a PIN: the list answers the
  // merchant's phones, and this one is there with the time it was removed. A phone the list does not name proves
  // nothing (a list read just before this phone was set up, or past its cap): the engine's 401 stays the last word.
  useEffect(() => {
    if (!credential || !phones.isSuccess || phones.isFetching) return;
    const listed = phones.data.find((p) => p.terminalId === credential.terminalId);
    if (listed && listed.revokedAt !== null) phoneRemoved();
  }, [credential, phones.isSuccess, phones.isFetching, phones.data, phoneRemoved]);

  const send = useCallback(
    async (call: PendingCall) => {
      if (!credential) return;
      setPending(call);
      setRefusal([]);
      if (!navigator.onLine) return setStep('lost');
      setStep('sending');
      try {
        const result =
          call.mode === 'sale'
            ? await sendPurchase(credential, call.body as PurchaseBody)
            : await sendBalanceInquiry(credential, call.body);
        setPending(null);
        setAnswer({ answer: result, facts: call.facts });
        setStep('answer');
      } catch (error) {
        if (isApiError(error, 401)) {
          setPending(null);
          phoneRemoved();
          setStep('amount');
        } else if (isApiError(error, 0) || !navigator.onLine) {
          setStep('lost');
        } else {
          setPending(null);
          setRefusal(errorMessagesOf(error));
          setStep('card');
        }
      }
    },
    [credential, phoneRemoved],
  );

  const withPin = (pin: string) => {
    if (!credential || !card) return;
    const cardFields = card.card.kind === 'pan' ? { pan: card.card.pan } : { payCode: card.card.payCode };
    const traceNumber = newTraceNumber();
    const at = terminalDateTime();
    const eligible = hasIncentives && eligibleCents !== null && eligibleCents < cents ? eligibleCents : null;
    const facts: ReceiptFacts = {
      kind: mode,
      merchantName: merchant.name,
      terminalId: credential.terminalId,
      traceNumber,
      at: new Date().toISOString(),
      card: card.card,
      eligibleAmount: mode === 'sale' && hasIncentives ? centsToDollars(eligible ?? cents) : null,
    };
    const common = { ...cardFields, pin, traceNumber, terminalDateTime: at, posEntryMode: entryModeOf(card.scanned) };
    void send(
      mode === 'sale'
        ? {
            mode,
            facts,
            body: {
              ...common,
              amount: centsToDollars(cents),
              ...(eligible !== null ? { eligibleAmount: centsToDollars(eligible) } : {}),
              ...(allowPartial ? { allowPartial: true } : {}),
            },
          }
        : { mode, facts, body: common },
    );
  };

  const startOver = () => {
    setPending(null);
    setAnswer(null);
    setCard(null);
    setAllowPartial(false);
    setRefusal([]);
    if (mode === 'sale') {
      setCents(0);
      setEligibleCents(null);
    }
    setMode('sale');
    setStep('amount');
  };

  const toCard = () => {
    if (cents === 0 || !online) return;
    if (hasIncentives && step === 'amount') {
      setEligibleCents((current) => (current === null || current > cents ? cents : current));
      setEligibleTouched(false);
      return setStep('eligible');
    }
    setStep('card');
  };

  const amountKey = useCallback(
    (key: string) => {
      if (key === 'enter') return toCard();
      if (step === 'eligible') {
        setEligibleTouched(true);
        // The first digit typed starts a new figure: the whole sale was only the default.
        setEligibleCents((current) => pressAmountKey(eligibleTouched ? (current ?? 0) : 0, key));
      } else setCents((current) => pressAmountKey(current, key));
    },
    // toCard reads the same state this callback closes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [step, eligibleTouched, cents, online, hasIncentives],
  );
  useKeypadKeys(amountKey, credential !== null && (step === 'amount' || step === 'eligible'));

  const offlineBanner = !online && <MessageBanner kind="warning" messages={t('sell.offline')} />;

  if (!credential)
    return (
      <Stack gap="md">
        {offlineBanner}
        {cents > 0 && <AmountLine cents={cents} />}
        <RegisterPhone
          merchantUuid={merchant.merchantUuid}
          merchantName={merchant.name}
          removed={removed}
          onRegistered={(saved) => {
            setCredential(saved);
            setRemoved(false);
          }}
        />
      </Stack>
    );

  return (
    <Stack gap="md">
      <Text>
        {t('sell.sellingFor')}{' '}
        <Text span fw={700}>
          {merchant.name}
        </Text>
      </Text>
      {offlineBanner}
      {step === 'amount' && (
        <Stack gap="md">
          <AmountLine cents={cents} big />
          <Text fz="sm">{t('sell.amountHelp')}</Text>
          <Keypad onKey={amountKey} leftKey={{ key: 'clear', label: 'C', name: t('sell.clearAmount') }} />
          <Button size="xl" h={64} onClick={toCard} disabled={cents === 0 || !online}>
            {t('sell.next')}
          </Button>
          <Button
            size="lg"
            variant="subtle"
            leftSection={<IconCreditCard aria-hidden />}
            onClick={() => {
              setMode('balance');
              setCard(null);
              setStep('card');
            }}
          >
            {t('sell.checkBalance')}
          </Button>
        </Stack>
      )}
      {step === 'eligible' && eligibleCents !== null && (
        <Stack gap="md">
          <Title order={2}>{t('sell.eligibleTitle')}</Title>
          <Text>{t('sell.eligibleHelp')}</Text>
          <AmountLine cents={eligibleCents} big labelKey="sell.receiptFnv" />
          {eligibleCents > cents && <MessageBanner kind="danger" messages={t('sell.eligibleTooHigh')} />}
          <Button
            size="lg"
            variant="light"
            onClick={() => {
              setEligibleCents(cents);
              setEligibleTouched(false);
            }}
          >
            {t('sell.eligibleAll', { amount: formatMoney(centsToDollars(cents), locale) })}
          </Button>
          <Keypad onKey={amountKey} leftKey={{ key: 'clear', label: 'C', name: t('sell.clearAmount') }} />
          <Group grow>
            <Button size="xl" h={64} variant="default" onClick={() => setStep('amount')}>
              {t('common.back')}
            </Button>
            <Button size="xl" h={64} onClick={() => setStep('card')} disabled={eligibleCents > cents || !online}>
              {t('sell.next')}
            </Button>
          </Group>
        </Stack>
      )}
      {step === 'card' && (
        <Stack gap="md">
          {mode === 'sale' ? <AmountLine cents={cents} /> : <Title order={2}>{t('sell.balanceTitle')}</Title>}
          <MessageBanner kind="danger" messages={refusal} />
          <CardStep
            onCard={(read, scanned) => {
              setCard({ card: read, scanned });
              setStep('pin');
            }}
          />
          <Button size="lg" variant="default" onClick={startOver}>
            {t('sell.cancel')}
          </Button>
        </Stack>
      )}
      {step === 'pin' && (
        <PinPad
          amount={mode === 'sale' ? centsToDollars(cents) : null}
          merchantName={merchant.name}
          onPin={withPin}
          onCancel={() => setStep('amount')}
        />
      )}
      {step === 'sending' && <LoadingStatus label={mode === 'sale' ? t('sell.sending') : t('sell.sendingBalance')} />}
      {step === 'lost' && pending && (
        <Stack gap="md">
          <MessageBanner kind="warning" messages={t('sell.lostConnection')} />
          <AmountLine cents={cents} />
          <Button size="xl" h={64} onClick={() => void send(pending)} disabled={!online}>
            {t('sell.tryAgain')}
          </Button>
          <Button
            size="lg"
            variant="default"
            onClick={() => {
              setPending(null);
              setStep('amount');
            }}
          >
            {t('sell.cancel')}
          </Button>
        </Stack>
      )}
      {step === 'answer' && answer && (
        <SaleAnswer
          answer={answer.answer}
          facts={answer.facts}
          onNewSale={startOver}
          onTakePartial={() => {
            // The same sale again, allowing the engine to approve what the card holds: a new call, with a new PIN entry.
            setAllowPartial(true);
            setAnswer(null);
            setStep('pin');
          }}
        />
      )}
    </Stack>
  );
}

/** The amount as the farmer keys it: large, and read out as it changes. */
function AmountLine({
  cents,
  big = false,
  labelKey = 'sell.amountLabel',
}: {
  cents: number;
  big?: boolean;
  labelKey?: string;
}) {
  const { t } = useI18n();
  const id = `amount-${labelKey.replace('.', '-')}`;
  return (
    <Stack gap={0}>
      <Text id={id} fz="sm">
        {t(labelKey)}
      </Text>
      <Text component="output" aria-labelledby={id} aria-live="polite" fz={big ? 48 : 28} fw={700} lh={1.1}>
        <Money value={centsToDollars(cents)} />
      </Text>
    </Stack>
  );
}
