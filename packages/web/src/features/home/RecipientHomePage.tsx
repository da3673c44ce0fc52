import { Alert, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Page } from '../../components/Page';
import { PLACEHOLDER_TEXT } from '../../components/PlaceholderPage';
import { useSessionUser } from '../../lib/session-user';

/** `/recipient` and `/recipient/home`: the balance cards per program (A§2) come with the benefits screens. */
export default function RecipientHomePage() {
  const user = useSessionUser();
  return (
    <Page title="Home">
      <Text fz="lg">Welcome, {user.firstname}.</Text>
      <Alert variant="light" color="gray" icon={<IconTools aria-hidden />} maw={640}>
        {PLACEHOLDER_TEXT}
      </Alert>
    </Page>
  );
}
