import { Alert, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Page } from '../../components/Page';
import { PLACEHOLDER_TEXT } from '../../components/PlaceholderPage';
import { useSessionUser } from '../../lib/session-user';
import { CardControls } from '../pans';

/**
 * `/recipient` and `/recipient/home`: the recipient's cards with their controls (decision 0037); the balance cards per
 * program (A§2) come with the recipient portal.
 */
export default function RecipientHomePage() {
  const user = useSessionUser();
  return (
    <Page title="Home">
      <Text fz="lg">Welcome, {user.firstname}.</Text>
      <Alert variant="light" color="gray" icon={<IconTools aria-hidden />} maw={640}>
        {PLACEHOLDER_TEXT}
      </Alert>
      {/* The card controls of the PANs area (decision 0037); the balance cards of the recipient portal come here too. */}
      <CardControls />
    </Page>
  );
}
