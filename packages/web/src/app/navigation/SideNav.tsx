import { Badge, NavLink, Stack } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isGroupActive, isLinkActive, type NavGroupItem, type NavItem, type NavLinkItem } from './nav-items';
import { useI18n } from '../../lib/i18n';

function SideLink({ item, pathname }: { item: NavLinkItem; pathname: string }) {
  const { t } = useI18n();
  const active = isLinkActive(item, pathname);
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={t(item.label)}
      active={active}
      aria-current={active ? 'page' : undefined}
      rightSection={
        item.badge ? (
          <Badge
            size="sm"
            variant="filled"
            circle={item.badge < 10}
            aria-label={t('nav.unread', { count: item.badge })}
          >
            {item.badge}
          </Badge>
        ) : undefined
      }
    />
  );
}

/** A§2 "becomes a dropdown": a disclosure button that opens the group's links beneath it. */
function SideGroup({ group, pathname }: { group: NavGroupItem; pathname: string }) {
  const { t } = useI18n();
  const [opened, setOpened] = useState(() => isGroupActive(group, pathname));
  return (
    <NavLink
      component="button"
      type="button"
      label={t(group.label)}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      active={!opened && isGroupActive(group, pathname)}
      rightSection={<IconChevronRight size={16} stroke={1.5} aria-hidden />}
    >
      {group.links.map((child) => (
        <SideLink key={child.to} item={child} pathname={pathname} />
      ))}
    </NavLink>
  );
}

/** The portal's navigation as a vertical list: the side bar on wide screens, the burger drawer on phones. */
export function SideNav({ items }: { items: NavItem[] }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {items.map((item) =>
        item.kind === 'link' ? (
          <li key={item.to}>
            <SideLink item={item} pathname={pathname} />
          </li>
        ) : (
          <li key={item.label}>
            <SideGroup group={item} pathname={pathname} />
          </li>
        ),
      )}
    </Stack>
  );
}
