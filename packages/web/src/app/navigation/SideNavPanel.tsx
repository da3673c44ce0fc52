import { AppShell, ScrollArea } from '@mantine/core';
import type { NavItem } from './nav-items';
import { SideNav } from './SideNav';

/**
 * The side navigation's scrolling panel. Its code (the links, their badges, the scroll area) loads when the panel
 * first shows: on a phone that is when the drawer opens, so a portal's first screen there renders without it.
 */
export default function SideNavPanel({ items }: { items: NavItem[] }) {
  return (
    <AppShell.Section grow component={ScrollArea} type="auto">
      <SideNav items={items} />
    </AppShell.Section>
  );
}
