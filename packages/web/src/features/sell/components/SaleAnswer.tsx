import type { PosAnswer } from '@ebt/core/pos';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconPrinter } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { DateText } from '../../../components/DateText';
import { Money } from '../../../components/Money';
import { useI18n } from '../../../lib/i18n';
import { answerReasonKey, isPartial } from '../sale';
import { Receipt, type ReceiptFacts } from './Receipt';

/**
 * The engine's answer in plain words: approved with the amount, the balance left and any incentive earned (a partial
 * approval says what is still to pay), or why not, in the words a farmer can read out to the customer. The heading
 * takes focus, so a screen reader reads the answer first. Then the receipt, Print and New sale.
 */
export function SaleAnswer({
  answer,
  facts,
  onNewSale,
  onTakePartial,
}: {
  answer: PosAnswer;
  facts: ReceiptFacts;
  onNewSale: () => void;
  /** On 'not enough money': sell what the card holds instead (a new call that allows a partial approval). */
  onTakePartial?: () => void;
}) {
  const { t, locale } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const approved = answer.responseCode === '00';
  const partial = isPartial(answer);
  const balance = facts.kind === 'balance';
  const money = (value: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(value);
  const heading = !approved
    ? t('sell.declined')
    : balance
      ? t('sell.balanceChecked')
      : partial
        ? t('sell.partialTitle')
        : t('sell.approved');
  const Icon = approved ? IconCircleCheck : IconCircleX;

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" bg={approved ? 'green.0' : 'red.0'}>
        <Stack gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Icon size={36} color={approved ? '#1e6b2f' : '#a51d1d'} aria-hidden />
            <Title order={2} ref={headingRef} tabIndex={-1} c={approved ? '#1e6b2f' : '#a51d1d'}>
              {heading}
            </Title>
          </Group>
          {approved && !balance && (
            <Text fz="xl">
              {partial
                ? t('sell.partialText', {
                    approved: money(answer.approvedAmount),
                    requested: money(answer.requestedAmount),
                    rest: money(Math.round((answer.requestedAmount - answer.approvedAmount) * 100) / 100),
                  })
                : t('sell.approvedText', { amount: money(answer.approvedAmount) })}
            </Text>
          )}
          {!approved && (
            <Text fz="xl" data-testid="decline-reason">
              {t(answerReasonKey(answer, facts.card), { code: answer.responseCode })}
            </Text>
          )}
          {answer.balanceAfter !== null && (approved || answer.responseCode === '51') && (
            <Text fz="xl">
              {balance ? t('sell.balanceIs') : t('sell.balanceLeft')}:{' '}
              <Text span inherit fw={700}>
                <Money value={answer.balanceAfter} />
              </Text>
            </Text>
          )}
          {balance && answer.soonestExpiration && (
            <Text>
              {t('sell.soonestExpiry')} <DateText value={answer.soonestExpiration} format="date" />
            </Text>
          )}
          {answer.incentiveEarned > 0 && (
            <Text fz="lg">{t('sell.incentiveEarnedText', { amount: money(answer.incentiveEarned) })}</Text>
          )}
        </Stack>
      </Paper>
      {approved && <Receipt answer={answer} facts={facts} result={heading} />}
      <Stack gap="sm">
        {answer.responseCode === '51' && onTakePartial && (answer.balanceAfter ?? 0) > 0 && (
          <Button size="xl" h={64} variant="outline" onClick={onTakePartial}>
            {t('sell.takePartial', { amount: money(answer.balanceAfter ?? 0) })}
          </Button>
        )}
        {approved && (
          <Button size="lg" variant="default" leftSection={<IconPrinter aria-hidden />} onClick={() => window.print()}>
            {t('sell.print')}
          </Button>
        )}
        <Button size="xl" h={64} onClick={onNewSale}>
          {balance ? t('sell.backToSale') : t('sell.newSale')}
        </Button>
      </Stack>
    </Stack>
  );
}
