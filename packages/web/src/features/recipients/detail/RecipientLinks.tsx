import type { RecipientAccount } from '@ebt/core/recipients';
import { Anchor, Group, Title } from '@mantine/core';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import type { StaffBase } from '../../../lib/staff-base';

/**
 * The recipient detail's cross-links (A§2): benefits, transactions, PANs, the portal user, incentives and EBT cards,
 * each the screen of that area for this recipient. Each link remembers this page as its origin (`state.from`), so a
 * screen with a way back (B§2: the EBT cards view goes "back to a remembered origin") returns here.
 */
export function RecipientLinks({ account, base }: { account: RecipientAccount; base: StaffBase }) {
  const headingId = useId();
  const location = useLocation();
  const origin = { from: `${location.pathname}${location.search}` };
  const id = account.recipientIdentifier;
  const progId = account.programId;
  const uuid = account.accountUuid;
  const links = [
    { label: 'Benefits', to: `/${base}/benefits/${encodeURIComponent(id)}` },
    { label: 'Transactions', to: `/${base}/transactions?rid=${encodeURIComponent(id)}` },
    { label: 'PANs', to: `/${base}/pans/${uuid}/${progId}` },
    ...(account.userUuid ? [{ label: 'User info', to: `/${base}/user/${account.userUuid}/${progId}` }] : []),
    { label: 'Incentives', to: `/${base}/recipient/incentives/${uuid}/${progId}` },
    { label: 'EBT cards', to: `/${base}/recipient/ebtcards/${uuid}` },
  ];
  return (
    <nav aria-labelledby={headingId}>
      <Title order={2} id={headingId} fz="h4" mb="xs">
        Related
      </Title>
      <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
        {links.map((link) => (
          <li key={link.label}>
            <Anchor component={Link} to={link.to} state={origin} fw={500}>
              {link.label}
            </Anchor>
          </li>
        ))}
      </Group>
    </nav>
  );
}
