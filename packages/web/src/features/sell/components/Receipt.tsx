import type { PosAnswer } from '@ebt/core/pos';
import { Box, Divider, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateText } from '../../../components/DateText';
import { Money } from '../../../components/Money';
import { useI18n } from '../../../lib/i18n';
import { lastFourOf, type SaleCard } from '../sale';
import classes from '../sell.module.css';

export interface ReceiptFacts {
  kind: 'sale' | 'balance';
  merchantName: string;
  terminalId: string;
  traceNumber: string;
  at: string;
  card: SaleCard;
  /** Dollars of fruit and vegetables sent as eligible; null when the whole sale was, or the question was not asked. */
  eligibleAmount: number | null;
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box className={classes.line}>
      <Text span>{label}</Text>
      <Text span fw={600} ta="right">
        {children}
      </Text>
    </Box>
  );
}

/** The sale's receipt: on screen, and alone on the printed page in a narrow layout (sell.module.css). */
export function Receipt({ answer, facts, result }: { answer: PosAnswer; facts: ReceiptFacts; result: string }) {
  const { t } = useI18n();
  const last4 = lastFourOf(facts.card);
  return (
    <Box className={classes.receipt} p="md" component="section" aria-labelledby="sale-receipt" bd="1px dashed gray.5">
      <Title order={3} id="sale-receipt" fz="lg">
        {t('sell.receiptTitle')} · {facts.merchantName}
      </Title>
      <Divider my="xs" />
      <Line label={t('sell.receiptDate')}>
        <DateText value={facts.at} format="datetime" />
      </Line>
      <Line label={t('sell.receiptCard')}>{last4 ? `•••• ${last4}` : t('sell.payCodeCard')}</Line>
      <Line label={t('sell.receiptResult')}>{result}</Line>
      {answer.authNumber && <Line label={t('sell.receiptAuth')}>{answer.authNumber}</Line>}
      {facts.kind === 'sale' && (
        <Line label={t('sell.receiptAmount')}>
          <Money value={answer.approvedAmount} />
        </Line>
      )}
      {facts.eligibleAmount !== null && answer.responseCode === '00' && (
        <Line label={t('sell.receiptFnv')}>
          <Money value={facts.eligibleAmount} />
        </Line>
      )}
      {answer.incentiveEarned > 0 && (
        <Line label={t('sell.incentiveEarned')}>
          <Money value={answer.incentiveEarned} />
        </Line>
      )}
      {answer.balanceAfter !== null && (
        <Line label={t('sell.balanceLeft')}>
          <Money value={answer.balanceAfter} />
        </Line>
      )}
      <Divider my="xs" />
      <Line label={t('sell.receiptTerminal')}>{facts.terminalId}</Line>
      <Line label={t('sell.receiptTrace')}>{facts.traceNumber}</Line>
    </Box>
  );
}
