import { Anchor, Card } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Page } from '../../../components/Page';
import type { StaffBase } from '../api';
import { RecipientAddForm } from './RecipientAddForm';

/** `{base}/recipient/add` (A§2 "Add Recipient"): the add form, with a way back to the search. */
export default function RecipientAddPage({ base }: { base: StaffBase }) {
  return (
    <Page
      title="Add Recipient"
      actions={
        <Anchor component={Link} to={`/${base}/recipients`} fz="sm">
          <IconArrowLeft aria-hidden size={16} style={{ verticalAlign: 'text-bottom' }} /> Recipient search
        </Anchor>
      }
    >
      <Card withBorder padding="lg" maw={960}>
        <RecipientAddForm base={base} />
      </Card>
    </Page>
  );
}
