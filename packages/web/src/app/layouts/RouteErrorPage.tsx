import { MESSAGES } from '@ebt/core/messages';
import { Alert, Button, Center, Group, Stack, Title } from '@mantine/core';
import { useRouteError } from 'react-router';

/**
 * A screen that failed to render or load (for example a page's code after a new release replaced it). The user
 * gets a way forward instead of a blank page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="100dvh" p="md">
      <title>Error · MarketLink</title>
      <Stack maw={520} component="main">
        <Title order={1}>Something went wrong</Title>
        <Alert color="red" variant="light" role="alert">
          {MESSAGES.GENERIC_ERROR}
        </Alert>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
          <Button component="a" href="/" variant="default">
            Go to sign-in
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
