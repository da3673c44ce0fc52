import { Anchor, Text } from '@mantine/core';
import { MESSAGES } from '@ebt/core/messages';
import { Link } from 'react-router';
import { Page } from './Page';
import { useI18n } from '../lib/i18n';

/** Any path no route claims (A§2: 'Page not found.'). `homeTo` is the portal's home inside a portal. */
export function NotFoundPage({ homeTo = '/' }: { homeTo?: string }) {
  const { t, m } = useI18n();
  return (
    <Page title={m(MESSAGES.PAGE_NOT_FOUND)}>
      <Text>{t('notFound.text')}</Text>
      <Anchor component={Link} to={homeTo} fw={600}>
        {t('notFound.home')}
      </Anchor>
    </Page>
  );
}
