import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The recipient's way back to their card list from the add and edit screens. */
export function BackToCards() {
  return (
    <Anchor component={Link} to="/recipient/ebtcards" fz="sm">
      <IconArrowLeft aria-hidden size={16} style={{ verticalAlign: 'text-bottom' }} /> Back to EBT cards
    </Anchor>
  );
}
