import { Box, Container, Group } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppFooter } from '../../components/AppFooter';
import { Brand } from '../../components/Brand';
import { FullPageLoader } from '../../components/FullPageLoader';
import classes from './PublicLayout.module.css';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { TimesShown } from '../../lib/clock';
import { useI18n } from '../../lib/i18n';

/** Sign-in, sign-out, recovery and not-found: the brand, the page, the footer. */
export function PublicLayout() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <div className={classes.shell}>
      <a className="skip-link" href="#main-content">
        {t('kit.skipToContent')}
      </a>
      <Box component="header" className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand to="/" />
            <LanguageSwitch placement="header" />
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main-content" tabIndex={-1} size="lg" className={classes.main} w="100%">
        <TimesShown page={pathname}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </TimesShown>
      </Container>
      <Box className={classes.footer}>
        <Container size="lg">
          <AppFooter />
        </Container>
      </Box>
    </div>
  );
}
