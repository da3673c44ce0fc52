import type { ConfigEntry } from '@ebt/core/config';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DateText } from '../../components/DateText';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useConfigList } from './api';
import { configKeyPath, truncatedValue, utcText } from './config-form';

/** B§2: Key, Value (truncated), Effective Date, Updated in UTC. */
const COLUMNS: DataTableColumn<ConfigEntry>[] = [
  { key: 'configKey', header: 'Key' },
  { key: 'configValue', header: 'Value', render: (e) => truncatedValue(e.configValue) },
  { key: 'effectiveDate', header: 'Effective Date', render: (e) => <DateText value={e.effectiveDate} /> },
  { key: 'updated', header: 'Updated in UTC', render: (e) => utcText(e.updated) },
];

/**
 * `/admin/configurations` (B§2 "Admin configuration"): every key with the value in effect today (a key whose values
 * all lie ahead shows the first of them), 10 a page; a row opens the key's page; 'New Config Key'.
 */
export default function ConfigListPage() {
  const navigate = useNavigate();
  const list = useConfigList();
  const [page, setPage] = useState(0);
  return (
    <Page
      title="Configurations"
      actions={
        <Button component={Link} to="/admin/configuration/add" leftSection={<IconPlus aria-hidden size={18} />}>
          New Config Key
        </Button>
      }
    >
      <Stack gap="md">
        <MessageBanner kind="danger" messages={list.isError ? errorMessagesOf(list.error) : []} />
        {list.isPending && <LoadingStatus label="Loading the configuration" />}
        {list.isSuccess && (
          <DataTable
            caption="Configuration keys"
            columns={COLUMNS}
            rows={list.data}
            rowKey={(e) => e.configKey}
            onRowClick={(e) => void navigate(configKeyPath(e.configKey))}
            rowLabel={(e) => `Open configuration key ${e.configKey}`}
            emptyMessage="No configuration keys found."
            clientPaging={{ page, onPageChange: setPage }}
          />
        )}
      </Stack>
    </Page>
  );
}
