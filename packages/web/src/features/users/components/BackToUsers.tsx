import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import type { StaffBase } from '../api';

/** The way back: to the results the person came from (their search is in the URL), else to the user search. */
export function BackToUsers({ base }: { base: StaffBase }) {
  const location = useLocation();
  const search = (location.state as { search?: unknown } | null)?.search;
  const withResults = typeof search === 'string' && search !== '';
  return (
    <Anchor component={Link} to={`/${base}/users${withResults ? `?${search}` : ''}`} fz="sm">
      <IconArrowLeft aria-hidden size={16} style={{ verticalAlign: 'text-bottom' }} />{' '}
      {withResults ? 'Back to results' : 'User search'}
    </Anchor>
  );
}
