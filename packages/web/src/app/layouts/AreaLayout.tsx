import type { CurrentUser } from '@ebt/core/auth';
import { AppShell, Box, Burger, Group, em, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { AppFooter } from '../../components/AppFooter';
import { Brand } from '../../components/Brand';
import { FullPageLoader } from '../../components/FullPageLoader';
import { SessionTimeout } from '../../features/auth/SessionTimeout';
import type { PortalArea, RouteHandle } from '../../lib/routes';
import { SideNavPanel, TopNav } from '../navigation/lazy-nav';
import { UserMenu } from '../navigation/UserMenu';
import { NotificationBell } from '../../features/notifications/staff/NotificationBell';
import { navigationFor } from '../navigation/nav-items';
import classes from './AreaLayout.module.css';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { TimesShown } from '../../lib/clock';
import { useI18n } from '../../lib/i18n';

const HEADER_HEIGHT = 60;

// The header navigation shows on wide screens only, and its groups are menus (popover, focus trap): phones, which
// use the drawer, never load it. The side navigation shows on a staff portal's wide screens from the start, and
// elsewhere in the drawer. Both load with the shell where the first screen shows them (navigation/lazy-nav.tsx).

/**
 * The signed-in shell of one portal (A§2): header with brand and the user's initials, the portal's navigation
 * (across the header for recipients, down the side for staff, a burger drawer on phones), the page, the footer.
 * It also runs the inactivity time-out and its warning (A§1, A§9; SessionTimeout).
 */
export default function AreaLayout({ area, user }: { area: PortalArea; user: CurrentUser }) {
  const theme = useMantineTheme();
  const { t } = useI18n();
  const { pathname } = useLocation();
  const matches = useMatches();
  const [drawerOpened, drawer] = useDisclosure(false);
  const mainRef = useRef<HTMLElement>(null);
  const previousPath = useRef(pathname);

  // Recipients have nine entries, which fit across a wide header; the staff portals have up to sixteen.
  const topNavigation = area === 'recipient';
  const breakpoint = topNavigation ? 'lg' : 'md';
  // Read at the first render (there is no server rendering to agree with), so that render builds one navigation.
  const wide = useMediaQuery(`(min-width: ${em(parseFloat(theme.breakpoints[breakpoint]) * 16)})`, undefined, {
    getInitialValueInEffect: false,
  });
  // A collapsed navbar only slides out of view; `inert` also takes its links out of the tab order.
  const navbarHidden = !wide && !drawerOpened;

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    drawer.close();
    // After a client-side navigation, start reading (and tabbing) at the new page, as a page load would.
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname, drawer]);

  const bare = matches.some((match) => (match.handle as RouteHandle | undefined)?.bare);
  if (bare) {
    return (
      <main id="main-content">
        <SessionTimeout />
        <TimesShown page={pathname}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </TimesShown>
      </main>
    );
  }

  const items = navigationFor(area, user);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: topNavigation ? 280 : 240,
        breakpoint,
        collapsed: { mobile: !drawerOpened, desktop: topNavigation },
      }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SessionTimeout />
      <a className="skip-link" href="#main-content">
        {t('kit.skipToContent')}
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom={breakpoint}
              size="sm"
              aria-label={drawerOpened ? t('kit.closeNavigation') : t('kit.openNavigation')}
              aria-expanded={drawerOpened}
              aria-controls="portal-navigation"
            />
            <Brand to={`/${area}`} />
          </Group>
          {topNavigation && wide && (
            <Box
              component="nav"
              aria-label={t('kit.mainNavigation')}
              visibleFrom={breakpoint}
              className={classes.topNav}
            >
              <Suspense fallback={null}>
                <TopNav items={items} />
              </Suspense>
            </Box>
          )}
          <Group gap="xs" wrap="nowrap">
            <LanguageSwitch placement="header" />
            {(area === 'program' || area === 'admin') && <NotificationBell to={`/${area}/notifications`} />}
            <UserMenu user={user} accountTo={`/${area}/account`} />
          </Group>
        </Group>
      </AppShell.Header>

      {/* The recipient portal's wide screens have the header navigation only, so one "Main" landmark exists. */}
      {!(topNavigation && wide) && (
        <AppShell.Navbar id="portal-navigation" aria-label={t('kit.mainNavigation')} p="xs" inert={navbarHidden}>
          {/* A closed drawer's links are out of reach (inert): they render when it opens. */}
          {!navbarHidden && (
            <Suspense fallback={null}>
              <SideNavPanel items={items} />
            </Suspense>
          )}
        </AppShell.Navbar>
      )}

      <AppShell.Main id="main-content" ref={mainRef} tabIndex={-1} className={classes.main}>
        <div className={classes.page}>
          <TimesShown page={pathname}>
            <Suspense fallback={<FullPageLoader />}>
              <Outlet />
            </Suspense>
          </TimesShown>
        </div>
        <AppFooter />
      </AppShell.Main>
    </AppShell>
  );
}
