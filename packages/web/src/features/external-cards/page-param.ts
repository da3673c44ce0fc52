import { useSearchParams } from 'react-router';

/**
 * The shown page of a list in the URL (`?page=2`, one-based as a person reads it), so Back returns to it; answers the
 * zero-based page and a setter. Page 1 leaves the parameter out. `carry` is the history state the page change keeps
 * (the staff view's remembered origin); anything else in it (a saved message) is dropped.
 */
export function usePageParam(carry: unknown = null): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, (Number.parseInt(params.get('page') ?? '1', 10) || 1) - 1);
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (next > 0) query.set('page', String(next + 1));
        else query.delete('page');
        return query;
      },
      { state: carry },
    );
  return [page, setPage];
}
