import { Anchor, Badge, Button, Card, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { LoadingStatus } from '../../components/LoadingStatus';
import { MessageBanner } from '../../components/MessageBanner';
import { Page } from '../../components/Page';
import { errorMessagesOf } from '../../lib/errors';
import { useRoles, type RoleRow } from './api';

const COLUMNS: DataTableColumn<RoleRow>[] = [
  {
    key: 'roleId',
    header: 'Role Id',
    width: 110,
    render: (role) => (
      <Anchor component={Link} to={`/admin/roles/${role.roleId}`} fw={600}>
        {role.roleId}
      </Anchor>
    ),
  },
  { key: 'descr', header: 'Descr', width: 200 },
  {
    key: 'privileges',
    header: 'Privileges',
    render: (role) =>
      role.privileges.length === 0 ? (
        'None'
      ) : (
        <Group gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {role.privileges.map((p) => (
            <Badge key={p.privilegeId} component="li" variant="default" tt="none" title={p.descr}>
              {p.code}
            </Badge>
          ))}
        </Group>
      ),
  },
];

/**
 * `/admin/roles` (B§2 "Roles list with a privileges display"): each role with the privileges it grants; the role id
 * links to its edit screen `/admin/roles/{roleId}`; 'Add Role' opens `/admin/role/add`.
 */
export default function RolesPage() {
  const roles = useRoles();
  return (
    <Page
      title="Roles"
      actions={
        <Button component={Link} to="/admin/role/add" leftSection={<IconPlus size={18} aria-hidden />}>
          Add Role
        </Button>
      }
    >
      <MessageBanner kind="danger" messages={roles.isError ? errorMessagesOf(roles.error) : []} />
      {roles.isPending && <LoadingStatus label="Loading roles" />}
      {roles.isSuccess && (
        <Card withBorder padding={0}>
          <DataTable
            columns={COLUMNS}
            rows={roles.data}
            rowKey={(role) => String(role.roleId)}
            caption="Roles"
            pageSize={100}
            emptyMessage="No roles found."
          />
        </Card>
      )}
    </Page>
  );
}
