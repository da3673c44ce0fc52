import { Card } from '@mantine/core';
import { Page } from '../../components/Page';
import type { StaffBase } from './api';
import { BackToUsers } from './components/BackToUsers';
import { UserAddForm } from './components/UserAddForm';

/** `{base}/user/add` (B§2, B§5 Add user): the add form, with a way back to the list. */
export default function UserAddPage({ base }: { base: StaffBase }) {
  return (
    <Page title={base === 'admin' ? 'Add User' : 'New User'} actions={<BackToUsers base={base} />}>
      <Card withBorder padding="lg" maw={960}>
        <UserAddForm base={base} />
      </Card>
    </Page>
  );
}
