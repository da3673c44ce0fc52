import type { FarmerApplicationStatus } from '@ebt/core/farmer-applications';
import { Badge } from '@mantine/core';
import { STATUS_COLOR, STATUS_LABEL } from '../labels';

/** An application's status as a filled badge, its text the status's name (the colour only repeats it). */
export function StatusBadge({ status, size = 'md' }: { status: FarmerApplicationStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    // Never cut to 'Submi…' by a narrow table column: the badge keeps its whole text and the column makes room.
    <Badge
      color={STATUS_COLOR[status]}
      variant="filled"
      size={size}
      tt="none"
      maw="none"
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'nowrap' } }}
    >
      {STATUS_LABEL[status]}
    </Badge>
  );
}
