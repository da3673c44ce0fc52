import type { CurrentUser } from '@ebt/core/auth';
import { PRIVILEGE, canSeeUsersMenu, hasAnyPrivilege } from '@ebt/core/privileges';
import type { PortalArea } from '../../lib/routes';

export interface NavLinkItem {
  kind: 'link';
  label: string;
  to: string;
  /** Active only on this exact path (a portal's home), plus `aliases`. */
  end?: boolean;
  aliases?: string[];
  /** A count shown beside the label (unread notifications). */
  badge?: number;
}

export interface NavGroupItem {
  kind: 'group';
  label: string;
  links: NavLinkItem[];
}

export type NavItem = NavLinkItem | NavGroupItem;

const link = (label: string, to: string, extra: Partial<NavLinkItem> = {}): NavLinkItem => ({
  kind: 'link',
  label,
  to,
  ...extra,
});

/** A§2 Recipient area: the top navigation; the brand links /recipient. */
function recipientNavigation(user: CurrentUser): NavItem[] {
  return [
    // Catalogue keys (lib/i18n): the recipient's pages speak the chosen language; staff labels are shown as written.
    link('nav.home', '/recipient/home', { end: true, aliases: ['/recipient'] }),
    link('nav.benefits', '/recipient/benefits'),
    link('nav.transactions', '/recipient/transactions', { aliases: ['/recipient/transaction'] }),
    link('nav.merchants', '/recipient/merchants', { aliases: ['/recipient/merchant'] }),
    link('nav.merchantLocator', '/recipient/merchantlocator'),
    link('nav.notifications', '/recipient/notifications', { badge: user.notificationsCount }),
    link('nav.incentives', '/recipient/incentives'),
    link('nav.ebtCards', '/recipient/ebtcards', { aliases: ['/recipient/ebtcard'] }),
    link('nav.account', '/recipient/account'),
  ];
}

/**
 * The merchant portal of farmer users (docs/farmer-app.md): selling first, then what was sold and paid, the business
 * (its programs, markets and phones), the account. Catalogue keys: it speaks English and Spanish.
 */
function merchantNavigation(): NavItem[] {
  return [
    link('nav.home', '/merchant', { end: true, aliases: ['/merchant/home'] }),
    link('nav.sell', '/merchant/sell'),
    link('nav.sales', '/merchant/sales', { aliases: ['/merchant/sale'] }),
    link('nav.payouts', '/merchant/payouts', { aliases: ['/merchant/payout'] }),
    link('nav.business', '/merchant/business'),
    link('nav.account', '/merchant/account'),
  ];
}

/**
 * A§2 Program area and A§6: Users only for program admins and agency admins; Programs becomes a dropdown with
 * Pan Generation under BULK_PAN_GEN; Recipients becomes a dropdown with Applicants under PROCESS_APPLICANT when the
 * user has applications.
 */
function programNavigation(user: CurrentUser): NavItem[] {
  const privs = user.privileges;
  const recipients = link('Recipients', '/program/recipients', { aliases: ['/program/recipient'] });
  const programs = link('Programs', '/program/program');
  const items: NavItem[] = [
    link('Home', '/program', { end: true, aliases: ['/program/home'] }),
    link('Dashboard', '/program/dash'),
    hasAnyPrivilege(privs, PRIVILEGE.PROCESS_APPLICANT) && user.applications.length > 0
      ? { kind: 'group', label: 'Recipients', links: [recipients, link('Applicants', '/program/applicants')] }
      : recipients,
    link('Benefits', '/program/benefits', { aliases: ['/program/benefit'] }),
    link('Transactions', '/program/transactions', { aliases: ['/program/transaction'] }),
    link('Merchants', '/program/merchants', { aliases: ['/program/merchant'] }),
    ...(hasAnyPrivilege(privs, PRIVILEGE.MERCHANT_VIEW)
      ? [link('Farmer Applications', '/program/farmer-applications')]
      : []),
    link('Merchant Locator', '/program/merchantlocator'),
    ...(hasAnyPrivilege(privs, PRIVILEGE.PROGRAMADMIN_ACCESS)
      ? [link('Settlements', '/program/settlements', { aliases: ['/program/settlement'] })]
      : []),
    hasAnyPrivilege(privs, PRIVILEGE.BULK_PAN_GEN)
      ? {
          kind: 'group',
          label: 'Programs',
          links: [{ ...programs, label: 'Program' }, link('Pan Generation', '/program/pans/generation')],
        }
      : programs,
    link('Agencies', '/program/agencies', { aliases: ['/program/agency'] }),
  ];
  if (canSeeUsersMenu(privs)) {
    items.push(link('Users', '/program/users', { aliases: ['/program/user'] }));
  }
  items.push(link('Account', '/program/account'));
  return items;
}

/** A§2 Admin area: every administration screen, in the specification's order. */
function adminNavigation(): NavItem[] {
  return [
    link('Home', '/admin', { end: true, aliases: ['/admin/home'] }),
    link('Programs', '/admin/programs', { aliases: ['/admin/program'] }),
    link('Agencies', '/admin/agencies', { aliases: ['/admin/agency'] }),
    link('Recipients', '/admin/recipients', { aliases: ['/admin/recipient'] }),
    link('Benefits', '/admin/benefits', { aliases: ['/admin/benefit'] }),
    link('Incentives', '/admin/incentives', { aliases: ['/admin/incentive'] }),
    link('Transactions', '/admin/transactions', { aliases: ['/admin/transaction'] }),
    link('Merchants', '/admin/merchants', { aliases: ['/admin/merchant'] }),
    link('Farmer Applications', '/admin/farmer-applications'),
    link('Merchant Locator', '/admin/merchantlocator'),
    link('Settlements', '/admin/settlements', { aliases: ['/admin/settlement'] }),
    link('Users', '/admin/users', { aliases: ['/admin/user'] }),
    link('Dashboard', '/admin/dash'),
    link('Pan Generation', '/admin/pans/generation'),
    link('Roles', '/admin/roles', { aliases: ['/admin/role'] }),
    link('Privileges', '/admin/privileges'),
    link('Configurations', '/admin/configurations', { aliases: ['/admin/configuration'] }),
    // Ours (decision 0112): what the portal sent by e-mail and text, for the administrators who answer for it.
    link('Delivery Log', '/admin/delivery-log'),
    link('Account', '/admin/account'),
  ];
}

export function navigationFor(area: PortalArea, user: CurrentUser): NavItem[] {
  switch (area) {
    case 'recipient':
      return recipientNavigation(user);
    case 'merchant':
      return merchantNavigation();
    case 'program':
      return programNavigation(user);
    case 'admin':
      return adminNavigation();
  }
}

/** Whether `pathname` is the page of `item` or one beneath it (a detail page keeps its list's entry lit). */
export function isLinkActive(item: NavLinkItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (item.end) return path === item.to || (item.aliases ?? []).includes(path);
  return [item.to, ...(item.aliases ?? [])].some((base) => path === base || path.startsWith(`${base}/`));
}

export function isGroupActive(group: NavGroupItem, pathname: string): boolean {
  return group.links.some((item) => isLinkActive(item, pathname));
}

/** The first letter of first, middle and last name (A§2 header). */
export function initialsOf(user: Pick<CurrentUser, 'firstname' | 'middlename' | 'lastname'>): string {
  return [user.firstname, user.middlename, user.lastname]
    .map((name) => name?.trim().charAt(0) ?? '')
    .join('')
    .toUpperCase();
}

export function fullNameOf(user: Pick<CurrentUser, 'firstname' | 'middlename' | 'lastname'>): string {
  return [user.firstname, user.middlename, user.lastname].filter((name) => name && name.trim()).join(' ');
}
