import type { CurrentUser } from '@ebt/core/auth';
import { UnstyledButton } from '@mantine/core';
import { useRef, useState, type ComponentType } from 'react';
import { fullNameOf } from './nav-items';
import { UserAvatar } from './UserAvatar';
import type { UserMenuDropdownProps } from './UserMenuDropdown';
import { useI18n } from '../../lib/i18n';

const loadDropdown = () => import('./UserMenuDropdown');

/**
 * The header's avatar with the user's initials (A§2) and its menu: Account, Sign out. A menu brings the popover
 * and focus-trap code (about 25 KB gzipped), which no page needs to show, so this button loads it when the user
 * shows an interest (pointer over it, a touch, the keyboard's focus) and opens the menu if they pressed it first.
 */
export function UserMenu({ user, accountTo }: { user: CurrentUser; accountTo: string }) {
  const [loaded, setLoaded] = useState<{ Dropdown: ComponentType<UserMenuDropdownProps>; focused: boolean } | null>(
    null,
  );
  const [pressed, setPressed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const requested = useRef(false);

  const load = () => {
    if (requested.current) return;
    requested.current = true;
    loadDropdown().then(
      // The loaded menu's own button replaces this one, and takes the focus if this one had it.
      (module) => setLoaded({ Dropdown: module.default, focused: document.activeElement === button.current }),
      // Offline or a replaced release: the next press tries again.
      () => (requested.current = false),
    );
  };

  const { t } = useI18n();
  const name = fullNameOf(user) || user.username;
  if (loaded) {
    const { Dropdown, focused } = loaded;
    return <Dropdown user={user} accountTo={accountTo} defaultOpened={pressed} focusOnMount={focused} />;
  }
  return (
    <UnstyledButton
      ref={button}
      aria-label={t('nav.userMenu', { name })}
      aria-haspopup="menu"
      aria-expanded={false}
      style={{ borderRadius: '50%' }}
      onPointerEnter={load}
      onTouchStart={load}
      onFocus={load}
      // Pressed counts from the pointer going down, not only from the click: when the menu's code arrives between
      // the press and the release (hover started the load), this button is replaced mid-click and no click reaches
      // either button; the menu then opens from `pressed` instead of needing a second press.
      onPointerDown={() => {
        setPressed(true);
        load();
      }}
      onClick={() => {
        setPressed(true);
        load();
      }}
    >
      <UserAvatar user={user} />
    </UnstyledButton>
  );
}
