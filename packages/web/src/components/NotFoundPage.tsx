import { Anchor, Text } from '@mantine/core';
import { MESSAGES } from '@ebt/core/messages';
import { Link } from 'react-router';
import { Page } from './Page';

/** Any path no route claims (A§2: 'Page not found.'). `homeTo` is the portal's home inside a portal. */
export function NotFoundPage({ homeTo = '/' }: { homeTo?: string }) {
  return (
    <Page title={MESSAGES.PAGE_NOT_FOUND}>
      <Text>
        The address you followed does not lead to a MarketLink screen. Check it for typing errors, or start again from
        the home page.
      </Text>
      <Anchor component={Link} to={homeTo} fw={600}>
        Go to the home page
      </Anchor>
    </Page>
  );
}
