import { Card } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { usePrivileges, type PrivilegeRow } from './api';

const COLUMNS: DataTableColumn<PrivilegeRow>[] = [
  { key: 'privilegeId', header: 'Privilege Id', align: 'right', width: 120 },
  { key: 'code', header: 'Code' },
  { key: 'descr', header: 'Descr' },
];

/** `/admin/privileges` (B§2 "Privileges list"): Privilege Id, Code, Descr from roleApi.privilegeList. */
export default function PrivilegesPage() {
  const privileges = usePrivileges();
  return (
    <Page title="Privileges">
      <MessageBanner kind="danger" messages={privileges.isError ? errorMessagesOf(privileges.error) : []} />
      {privileges.isPending && <LoadingStatus label="Loading privileges" />}
      {privileges.isSuccess && (
        <Card withBorder padding={0}>
          <DataTable
            columns={COLUMNS}
            rows={privileges.data}
            rowKey={(row) => String(row.privilegeId)}
            caption="Privileges"
            pageSize={100}
            emptyMessage="No privileges found."
          />
        </Card>
      )}
    </Page>
  );
}
