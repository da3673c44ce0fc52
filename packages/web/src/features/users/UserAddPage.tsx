import { Card } from '@mantine/core';
import { Page } from '../../components/Page';
import type { StaffBase } from '../../lib/staff-base';
import { BackLink } from '../../components/BackLink';
import { UserAddForm } from './components/UserAddForm';

/** `{base}/user/add` (B§2, B§5 Add user): the add form, with a way back to the list. */
export default function UserAddPage({ base }: { base: StaffBase }) {
  return (
    <Page
      title={base === 'admin' ? 'Add User' : 'New User'}
      actions={
        <BackLink to={`/${base}/users`} resultsLabel="Back to results">
          User search
        </BackLink>
      }
    >
      <Card withBorder padding="lg" maw={960}>
        <UserAddForm base={base} />
      </Card>
    </Page>
  );
}
