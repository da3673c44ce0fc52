import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The link back to the admin incentive list (B§2). */
export function BackToIncentives() {
  return (
    <Anchor component={Link} to="/admin/incentives" fw={500}>
      <IconArrowLeft aria-hidden size={16} style={{ verticalAlign: 'middle' }} /> Back to Incentives
    </Anchor>
  );
}
