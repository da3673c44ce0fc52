import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';

export interface BackLinkProps {
  /** Where the way back leads: the list or search the page belongs to. */
  to: string;
  /** What it reads. */
  children: string;
  /**
   * For a page opened from a search's results (the search's query string travels in the location's state as `search`):
   * what the link reads when it leads back to those results, which it then does.
   */
  resultsLabel?: string;
}

/** The one way back of a detail or form page: to its list, or to the results the person came from. */
export function BackLink({ to, children, resultsLabel }: BackLinkProps) {
  const location = useLocation();
  const search = (location.state as { search?: unknown } | null)?.search;
  const withResults = resultsLabel !== undefined && typeof search === 'string' && search !== '';
  return (
    <Anchor component={Link} to={withResults ? `${to}?${search}` : to} fz="sm">
      <IconArrowLeft aria-hidden size={16} style={{ verticalAlign: 'text-bottom' }} />{' '}
      {withResults ? resultsLabel : children}
    </Anchor>
  );
}
