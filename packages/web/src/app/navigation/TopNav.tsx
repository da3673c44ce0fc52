import { Badge, Group, Menu, UnstyledButton, type BoxProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import classes from './TopNav.module.css';
import { isGroupActive, isLinkActive, type NavItem } from './nav-items';
import { useI18n } from '../../lib/i18n';

/** The recipient portal's navigation in the header (A§2 "top navigation"); phones use the drawer instead. */
export function TopNav({ items, ...boxProps }: { items: NavItem[] } & BoxProps) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <Group component="ul" gap={2} wrap="nowrap" className={classes.list} {...boxProps}>
      {items.map((item) => {
        if (item.kind === 'link') {
          const active = isLinkActive(item, pathname);
          return (
            <li key={item.to}>
              <UnstyledButton
                component={Link}
                to={item.to}
                className={classes.link}
                data-active={active || undefined}
                aria-current={active ? 'page' : undefined}
              >
                {t(item.label)}
                {item.badge ? (
                  <Badge size="xs" variant="filled" ml={6} aria-label={t('nav.unread', { count: item.badge })}>
                    {item.badge}
                  </Badge>
                ) : null}
              </UnstyledButton>
            </li>
          );
        }
        return (
          <li key={item.label}>
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <UnstyledButton className={classes.link} data-active={isGroupActive(item, pathname) || undefined}>
                  {t(item.label)}
                  <IconChevronDown size={14} stroke={1.5} aria-hidden style={{ marginLeft: 4 }} />
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {item.links.map((child) => (
                  <Menu.Item key={child.to} component={Link} to={child.to}>
                    {t(child.label)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </li>
        );
      })}
    </Group>
  );
}
