import { Card } from '@mantine/core';
import { BackLink } from '../../../components/BackLink';
import { Page } from '../../../components/Page';
import type { StaffBase } from '../../../lib/staff-base';
import { RecipientAddForm } from './RecipientAddForm';

/** `{base}/recipient/add` (A§2 "Add Recipient"): the add form, with a way back to the search. */
export default function RecipientAddPage({ base }: { base: StaffBase }) {
  return (
    <Page title="Add Recipient" actions={<BackLink to={`/${base}/recipients`}>Recipient search</BackLink>}>
      <Card withBorder padding="lg" maw={960}>
        <RecipientAddForm base={base} />
      </Card>
    </Page>
  );
}
