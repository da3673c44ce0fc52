import { PAGER_COMPACT_THRESHOLD, PAGER_DEFAULT_SIZE } from '@ebt/core/constants';
import { pageNumbers } from '@ebt/core/pager';
import { Button } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './Pager.module.css';
import { useI18n } from '../lib/i18n';

export interface PagerProps {
  /** The current page, 1-based. */
  page: number;
  /** The number of pages; nothing is shown for one page or none. */
  total: number;
  /** Called with the chosen 1-based page (never the current one). */
  onChange: (page: number) => void;
  /** Pages in the window around the current one (A§9: 5 when not given). */
  size?: number;
  /** The navigation landmark's name; give each pager on a page its own. */
  label?: string;
}

/**
 * Page buttons of A§9 (`pageNumbers` of core): a window of `size` pages up to 25 pages; above that the first, the
 * last, the current page and the multiples of a step (5, 10 above 50, 20 above 100, 30 above 200, 100 above 300).
 * Previous and Next, plus First and Last when a window of pages cannot show both ends. The buttons wrap on a phone.
 * A `<nav aria-label="Pagination">` of buttons: Tab and Enter/Space operate it, the current page has
 * aria-current="page", and the end buttons stay focusable (aria-disabled) so focus is not lost at the last page.
 */
export function Pager({ page, total, onChange, size = PAGER_DEFAULT_SIZE, label: givenLabel }: PagerProps) {
  const { t } = useI18n();
  const label = givenLabel ?? t('kit.pagination');
  const numbers = pageNumbers({ current: page, total, size });
  // The window may stop short of the last page; `numbers` is empty when there are no pages.
  const last = numbers.length > 0 ? Math.floor(total) : 0;
  if (last <= 1) return null;
  const current = Math.min(Math.max(Math.floor(page) || 1, 1), last);
  // Above 25 pages the first and last are always numbered; a window of fewer pages than there are may hide them.
  const withEnds = last <= PAGER_COMPACT_THRESHOLD && last > size;

  const go = (target: number) => {
    if (target >= 1 && target <= last && target !== current) onChange(target);
  };

  return (
    <nav aria-label={label}>
      <ul className={classes.list}>
        {withEnds && (
          <li>
            <EndButton label={t('kit.firstPage')} disabled={current === 1} onClick={() => go(1)}>
              <IconChevronsLeft aria-hidden size={18} />
            </EndButton>
          </li>
        )}
        <li>
          <EndButton label={t('kit.previousPage')} disabled={current === 1} onClick={() => go(current - 1)}>
            <IconChevronLeft aria-hidden size={18} />
          </EndButton>
        </li>
        {numbers.map((number) => {
          const isCurrent = number === current;
          return (
            <li key={number}>
              <Button
                className={classes.page}
                variant={isCurrent ? 'filled' : 'default'}
                aria-label={t('kit.page', { number })}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={() => go(number)}
              >
                {number}
              </Button>
            </li>
          );
        })}
        <li>
          <EndButton label={t('kit.nextPage')} disabled={current === last} onClick={() => go(current + 1)}>
            <IconChevronRight aria-hidden size={18} />
          </EndButton>
        </li>
        {withEnds && (
          <li>
            <EndButton label={t('kit.lastPage')} disabled={current === last} onClick={() => go(last)}>
              <IconChevronsRight aria-hidden size={18} />
            </EndButton>
          </li>
        )}
      </ul>
    </nav>
  );
}

function EndButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      className={classes.page}
      variant="default"
      aria-label={label}
      title={label}
      aria-disabled={disabled || undefined}
      data-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
    >
      {children}
    </Button>
  );
}
