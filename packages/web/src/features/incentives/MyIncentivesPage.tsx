import { INCENTIVE_MESSAGES, type RecipientIncentive } from '@ebt/core/incentives';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useMyIncentives } from './api';
import { HeadroomList } from './components/HeadroomList';
import type { TFunction } from 'i18next';
import { useI18n } from '../../lib/i18n';

const columns = (t: TFunction): DataTableColumn<RecipientIncentive>[] => [
  { key: 'incentiveName', header: t('myIncentives.incentive') },
  { key: 'programName', header: t('benefits.program') },
  { key: 'startDate', header: t('kit.startDate'), render: (row) => <DateText value={row.startDate} /> },
  { key: 'endDate', header: t('kit.endDate'), render: (row) => <DateText value={row.endDate} fallback="—" /> },
];

/**
 * `/recipient/incentives` (part 1 §2, §7; B§8): the signed-in recipient's enrolments, 10 a page, newest start first;
 * 'Your are not enrolled in any incentives.' (the specification's text, kept exactly) when none. Above the table, what
 * each enrolment in force today has earned and may still earn.
 */
export default function MyIncentivesPage() {
  const { t } = useI18n();
  const mine = useMyIncentives();
  const [page, setPage] = useState(0);
  return (
    <Page title={t('nav.incentives')}>
      <Stack gap="lg">
        <HeadroomList />
        {mine.isError && <MessageBanner kind="danger" messages={errorMessagesOf(mine.error)} />}
        {mine.isPending && <LoadingStatus label={t('myIncentives.loading')} />}
        {mine.isSuccess && (
          <DataTable
            caption={t('myIncentives.yours')}
            columns={columns(t)}
            rows={mine.data.data}
            rowKey={(row) => String(row.recipientIncentiveId)}
            emptyMessage={INCENTIVE_MESSAGES.NOT_ENROLLED}
            clientPaging={{ page, onPageChange: setPage }}
          />
        )}
      </Stack>
    </Page>
  );
}
