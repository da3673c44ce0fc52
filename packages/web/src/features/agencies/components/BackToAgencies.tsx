import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { StaffBase } from '../api';

/** B§2: the link back to the agency list. */
export function BackToAgencies({ base }: { base: StaffBase }) {
  return (
    <Anchor component={Link} to={`/${base}/agencies`} fz="sm">
      <IconArrowLeft aria-hidden size={16} style={{ verticalAlign: 'text-bottom' }} /> Agencies
    </Anchor>
  );
}
