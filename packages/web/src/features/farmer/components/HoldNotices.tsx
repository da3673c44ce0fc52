import type { FarmerHold } from '@ebt/core/farmer';
import { formatMoney } from '@ebt/core/format';
import { Alert, Stack, Text } from '@mantine/core';
import { useI18n } from '../../../lib/i18n';

/** Money settlement holds now, each with its reason in plain words and what the farmer does about it. */
export function HoldNotices({ holds }: { holds: readonly FarmerHold[] }) {
  const { t, locale } = useI18n();
  if (holds.length === 0) return null;
  return (
    <Stack gap="sm">
      {holds.map((hold) => {
        const reason = ([1, 2, 3] as const).find((r) => r === hold.reasonId) ?? 2;
        return (
          <Alert key={hold.programUuid} color="orange" variant="light" title={t('farmer.holdTitle')} role="status">
            <Text size="sm">
              {t('farmer.holdLine', {
                amount: formatMoney(hold.heldAmt, locale),
                count: hold.transactionCount,
                program: hold.programName,
                reason: t(`farmer.holdReason${reason}`),
              })}
            </Text>
            <Text size="sm" mt={4}>
              {t(`farmer.holdDo${reason}`)}
            </Text>
          </Alert>
        );
      })}
    </Stack>
  );
}
