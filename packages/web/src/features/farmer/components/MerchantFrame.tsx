import type { FarmerMerchant } from '@ebt/core/farmer';
import { Select, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadingStatus } from '../../../components/LoadingStatus';
import { MessageBanner } from '../../../components/MessageBanner';
import { Page } from '../../../components/Page';
import { errorMessagesOf } from '../../../lib/errors';
import { useI18n } from '../../../lib/i18n';
import { useCurrentMerchant } from '../current-merchant';

/**
 * A farmer page's frame: its title, the merchant picker when the user sells for several (every farmer page shows the
 * one chosen), and the page itself once the merchant is known.
 */
export function MerchantFrame({
  title,
  children,
}: {
  title: string;
  children: (merchant: FarmerMerchant) => ReactNode;
}) {
  const { t } = useI18n();
  const { query, merchants, merchant, choose } = useCurrentMerchant();
  return (
    <Page title={title}>
      <Stack gap="lg">
        {query.isPending && <LoadingStatus label={t('farmer.loading')} />}
        {query.isError && <MessageBanner kind="danger" messages={errorMessagesOf(query.error)} />}
        {query.isSuccess && !merchant && <MessageBanner kind="info" messages={t('farmer.noMerchant')} />}
        {merchants.length > 1 && merchant && (
          <Select
            label={t('farmer.business')}
            data={merchants.map((m) => ({ value: m.merchantUuid, label: m.name }))}
            value={merchant.merchantUuid}
            allowDeselect={false}
            onChange={(value) => value && choose(value)}
            maw={420}
          />
        )}
        {merchant && children(merchant)}
      </Stack>
    </Page>
  );
}
