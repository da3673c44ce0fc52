import { useSearchParams } from 'react-router';

// A list's shown page in the URL (`?page=2`, one-based as a person reads it), so Back and a reload return to it: for
// lists fetched whole and paged on screen (DataTable's `clientPaging`) that have no search form of their own.

/** The zero-based page a `page` parameter names; anything but a whole number from 1 is the first page. */
export function pageOfParam(raw: string | null): number {
  const page = raw !== null && /^\d+$/.test(raw) ? Number.parseInt(raw, 10) : 1;
  return Math.max(0, page - 1);
}

/** The parameters with the zero-based `page` shown: page 1 leaves the parameter out; the others are kept. */
export function withPageParam(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 0) next.set('page', String(page + 1));
  else next.delete('page');
  return next;
}

/**
 * The page and its setter. `carry` is the history state a page change keeps (a view's remembered origin); anything
 * else in the state (a saved message shown once) is dropped.
 *
 *   const [page, setPage] = usePageParam();   <DataTable clientPaging={{ page, onPageChange: setPage }} … />
 */
export function usePageParam(carry: unknown = null): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const setPage = (page: number) => setParams((current) => withPageParam(current, page), { state: carry });
  return [pageOfParam(params.get('page')), setPage];
}
