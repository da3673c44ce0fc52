import { Button, Group } from '@mantine/core';
import { IconFileImport, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Page } from '../../../components/Page';
import type { StaffBase } from '../../../lib/staff-base';
import { RecipientSearchPanel } from './RecipientSearchPanel';

/**
 * `{base}/recipients` (A§2 "Recipient search", program and admin): Import Recipients opens {base}/recipient/file,
 * New Recipient {base}/recipient/add; the search and its results below.
 */
export default function RecipientSearchPage({ base }: { base: StaffBase }) {
  return (
    <Page
      title="Recipients"
      actions={
        <Group gap="xs">
          <Button
            component={Link}
            to={`/${base}/recipient/file`}
            variant="default"
            leftSection={<IconFileImport aria-hidden size={18} />}
          >
            Import Recipients
          </Button>
          <Button component={Link} to={`/${base}/recipient/add`} leftSection={<IconUserPlus aria-hidden size={18} />}>
            New Recipient
          </Button>
        </Group>
      }
    >
      <RecipientSearchPanel mode="navigate" base={base} />
    </Page>
  );
}
