import { Box, Group } from '@mantine/core';
import { Brand } from '../../components/Brand';
import { FullPageLoader } from '../../components/FullPageLoader';
import type { PortalArea } from '../../lib/routes';
import classes from './AreaSkeleton.module.css';

/**
 * A portal's header while its first page loads: the page's code, the signed-in user and the shell (AreaLayout) come
 * in parallel after the app's own code, and the brand shows meanwhile instead of an empty screen. It has the shell
 * header's size and places, so the shell takes its place without anything moving.
 */
export function AreaSkeleton({ area }: { area: PortalArea }) {
  return (
    <>
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap">
            <Box className={classes.burger} hiddenFrom={area === 'recipient' ? 'lg' : 'md'} />
            <Brand to={`/${area}`} />
          </Group>
          <div className={classes.avatar} />
        </Group>
      </header>
      <main className={classes.main}>
        <FullPageLoader />
      </main>
    </>
  );
}
