import { LIST_PAGE_SIZE } from '@ebt/core/constants';
import { Anchor, Center, Group, Loader, LoadingOverlay, Paper, Stack, Table, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { MessageBanner } from './MessageBanner';
import { Pager } from './Pager';
import classes from './DataTable.module.css';
import { useI18n } from '../lib/i18n';

export interface DataTableColumn<T> {
  /** Unique among the columns; without `render` the cell shows `row[key]`. */
  key: string;
  header: ReactNode;
  /** The header's text on a phone's card (beside each value); needed only when `header` is not a plain string. */
  label?: string;
  render?: (row: T) => ReactNode;
  /** 'right' for amounts and counts. */
  align?: 'left' | 'center' | 'right';
  width?: number | string;
}

export interface ServerPaging {
  /** The page the rows are, zero-based as the API counts (A§7). */
  page: number;
  totalPages: number;
  totalCount: number;
  /** Called with the zero-based page to load. */
  onPageChange: (page: number) => void;
}

export interface DataTableProps<T> {
  columns: readonly DataTableColumn<T>[];
  /** All rows (client paging), or the current page's rows when `serverPaging` is given. */
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Rows per page (A§9, B§9: 10). */
  pageSize?: number;
  /**
   * Makes rows open something (A§2: a row click opens the detail). The first cell becomes a button, so the row is
   * reached with Tab and opened with Enter or Space; a click anywhere else on the row does the same.
   */
  onRowClick?: (row: T) => void;
  /** Rows that do not open (B§2: deleted users); all rows open when not given. */
  isRowClickable?: (row: T) => boolean;
  /**
   * The accessible name of a row's button, e.g. `Open recipient ${row.recipientIdentifier}`. It must contain the
   * first cell's visible text (WCAG 2.5.3); without it the button is named by that text.
   */
  rowLabel?: (row: T) => string;
  /** Names the table for screen readers (visually hidden); the page's heading names it for everyone else. */
  caption: string;
  /** Shown as a warning banner when there are no rows (A§8 'No recipients found.'); nothing when not given. */
  emptyMessage?: string;
  loading?: boolean;
  /** The server pages (A§7 benefits, transactions: zero-based page, totalCount, totalPages). */
  serverPaging?: ServerPaging;
  /**
   * Rows fetched whole, with the page kept by the screen (in the URL, so Back returns to it): the zero-based page
   * shown and where a page change goes. Without it the table keeps its own page.
   */
  clientPaging?: { page: number; onPageChange: (page: number) => void };
}

// Cells the row click must leave alone: a button, link or field inside a cell does its own thing.
const INTERACTIVE =
  'a, button, input, select, textarea, label, summary, [role="button"], [role="link"], [role="checkbox"]';

function isBlank(node: ReactNode): boolean {
  return node === null || node === undefined || node === false || node === '';
}

/** The name a phone's card shows beside a value (see DataTable.module.css). */
function labelOf<T>(column: DataTableColumn<T>): string | undefined {
  return column.label ?? (typeof column.header === 'string' ? column.header : undefined);
}

function cellText(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Every list screen's table (A§2, A§9, B§2), for both paging models of the specification: rows fetched whole and
 * paged here (recipients up to 2000, merchants 1000: pass all `rows`), or paged by the server (benefits,
 * transactions: pass the page's rows and `serverPaging`). Header cells with scope, the first cell as the row's
 * header, 10 rows a page with the Pager and 'Showing 11–20 of 57' (announced politely when the page changes).
 * Clickable rows (see `onRowClick`) highlight on hover and focus. Under 600 px each row is a card of label and value
 * lines, so no column hides behind a sideways scroll on a phone; wider, a table too wide for its frame scrolls
 * sideways inside it, and the frame then takes keyboard focus. Going back to page 1 happens whenever the set of rows
 * changes (a new search), not when the same rows come again (a refetch).
 * With no rows it shows `emptyMessage` as a warning, or nothing.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  pageSize = LIST_PAGE_SIZE,
  onRowClick,
  isRowClickable,
  rowLabel,
  caption,
  emptyMessage,
  loading = false,
  serverPaging,
  clientPaging,
}: DataTableProps<T>) {
  const { t } = useI18n();
  const captionId = useId();
  const size = Math.max(1, Math.floor(pageSize));

  // Client paging: the page, and the rows it belongs to. Comparing keys, not the array, keeps the page when a
  // parent hands over an equal new array on every render or a refetch answers the same rows.
  const signature = serverPaging ? '' : rows.map(rowKey).join('\u0000');
  const [paging, setPaging] = useState({ signature, page: 1 });
  if (paging.signature !== signature) setPaging({ signature, page: 1 });
  const clientPage = clientPaging ? clientPaging.page + 1 : paging.signature === signature ? paging.page : 1;

  const totalCount = serverPaging ? serverPaging.totalCount : rows.length;
  const totalPages = serverPaging ? serverPaging.totalPages : Math.ceil(rows.length / size);
  const page = serverPaging ? serverPaging.page + 1 : Math.min(clientPage, Math.max(totalPages, 1));
  const pageRows = serverPaging ? rows : rows.slice((page - 1) * size, page * size);
  const first = pageRows.length === 0 ? 0 : (page - 1) * size + 1;
  const lastShown = first === 0 ? 0 : first + pageRows.length - 1;

  const scroller = useRef<HTMLDivElement>(null);
  const { overflowing, moreStart, moreEnd } = useSideScroll(scroller, pageRows.length > 0);

  const changePage = (next: number) => {
    if (serverPaging) serverPaging.onPageChange(next - 1);
    else if (clientPaging) clientPaging.onPageChange(next - 1);
    else setPaging({ signature, page: next });
  };

  if (pageRows.length === 0) {
    if (loading) {
      return (
        <Center py="xl" role="status">
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text>{t('kit.loadingEllipsis')}</Text>
          </Group>
        </Center>
      );
    }
    return emptyMessage ? <MessageBanner kind="warning" messages={emptyMessage} /> : null;
  }

  const [firstColumn, ...otherColumns] = columns;

  const handleRowClick = (event: MouseEvent<HTMLTableRowElement>, row: T) => {
    const target = event.target as HTMLElement;
    const control = target.closest(INTERACTIVE);
    if (control && !control.hasAttribute('data-row-action')) return;
    // A drag that selected text (to copy an account ID) is not a click on the row.
    if (!control && window.getSelection()?.toString()) return;
    onRowClick?.(row);
  };

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        className={classes.frame}
        data-more-start={moreStart || undefined}
        data-more-end={moreEnd || undefined}
      >
        <LoadingOverlay visible={loading} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
        <div
          ref={scroller}
          className={classes.scroller}
          // A scrolling region must be reachable by keyboard (WCAG 2.1.1), but only when there is something to scroll.
          tabIndex={overflowing ? 0 : undefined}
          role={overflowing ? 'region' : undefined}
          aria-labelledby={overflowing ? captionId : undefined}
        >
          <Table className={classes.table} verticalSpacing="sm" horizontalSpacing="md" aria-busy={loading || undefined}>
            <caption id={captionId} className={classes.caption}>
              {caption}
            </caption>
            <Table.Thead className={classes.head}>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} scope="col" style={{ textAlign: column.align, width: column.width }}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pageRows.map((row) => {
                const key = rowKey(row);
                const clickable = onRowClick !== undefined && (isRowClickable?.(row) ?? true);
                const firstCell = firstColumn ? (firstColumn.render?.(row) ?? cellText(row, firstColumn.key)) : null;
                return (
                  <Table.Tr
                    key={key}
                    className={classes.row}
                    data-clickable={clickable || undefined}
                    onClick={clickable ? (event) => handleRowClick(event, row) : undefined}
                  >
                    {firstColumn && (
                      <Table.Th
                        scope="row"
                        className={classes.rowHeader}
                        style={{ textAlign: firstColumn.align }}
                        data-label={labelOf(firstColumn)}
                      >
                        <div className={classes.value}>
                          {clickable ? (
                            <Anchor
                              component="button"
                              type="button"
                              className={classes.rowAction}
                              underline="never"
                              data-row-action
                              aria-label={rowLabel?.(row)}
                            >
                              {isBlank(firstCell) ? (rowLabel?.(row) ?? t('kit.open')) : firstCell}
                            </Anchor>
                          ) : (
                            firstCell
                          )}
                        </div>
                      </Table.Th>
                    )}
                    {otherColumns.map((column) => (
                      <Table.Td key={column.key} style={{ textAlign: column.align }} data-label={labelOf(column)}>
                        <div className={classes.value}>
                          {column.render ? column.render(row) : cellText(row, column.key)}
                        </div>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      </Paper>
      <Group justify="space-between" align="center" gap="sm" className={classes.footer}>
        <Text fz="sm" c="dimmed" role="status">
          {loading ? t('kit.loadingEllipsis') : t('kit.showing', { first, last: lastShown, total: totalCount })}
        </Text>
        <Pager page={page} total={totalPages} onChange={changePage} />
      </Group>
    </Stack>
  );
}

interface SideScroll {
  /** The content is wider than the element. */
  overflowing: boolean;
  /** Columns are hidden to the left (scrolled away) or to the right. */
  moreStart: boolean;
  moreEnd: boolean;
}

/** Whether the element scrolls sideways and which edges hide content, kept up to date on scroll and resize. */
function useSideScroll(ref: RefObject<HTMLElement | null>, active: boolean): SideScroll {
  const [state, setState] = useState<SideScroll>({ overflowing: false, moreStart: false, moreEnd: false });
  useEffect(() => {
    const element = ref.current;
    if (!active || !element) return;
    const measure = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const next = {
        overflowing: hidden > 1,
        moreStart: hidden > 1 && element.scrollLeft > 1,
        moreEnd: hidden > 1 && element.scrollLeft < hidden - 1,
      };
      setState((previous) =>
        previous.overflowing === next.overflowing &&
        previous.moreStart === next.moreStart &&
        previous.moreEnd === next.moreEnd
          ? previous
          : next,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [ref, active]);
  return state;
}
