import { useCallback, useMemo, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';

// A submitted search lives in the URL query (decision 0012: `?lastname=Lee&programUuid=…&page=2`), so a reload,
// Back from a detail screen or a shared link shows the same results. Every search screen moves its criteria to and
// from the URL here; an area gives only its field list and its reading rule (core's cleaning, what counts as a search).

/** A submitted search: its criteria and the screen's page, zero-based as the API counts (A§7). */
export interface UrlSearch<C> {
  criteria: C;
  page: number;
}

/** An area's criteria in the URL; a module constant, so the hook's memo holds. */
export interface UrlCriteriaSpec<C> {
  /** The query names the area reads and writes, in the order the URL shows them. */
  fields: readonly string[];
  /**
   * The criteria of the URL's values (a missing name is undefined), cleaned as the server reads them; null when they
   * make no search (A§5: at least one criterion), so the screen shows the empty form.
   */
  parse: (raw: Record<string, string | undefined>) => C | null;
}

/** The largest page a URL may name; anything past it, like anything unreadable, is the first page. */
const PAGE_MAX = 1_000_000;

/** The URL counts pages from 1 as people do; the API from 0. Anything unreadable is the first page. */
export function pageFromParams(params: URLSearchParams): number {
  const shown = Number(params.get('page'));
  return Number.isInteger(shown) && shown >= 1 && shown <= PAGE_MAX ? shown - 1 : 0;
}

/** The search a URL query holds, or null when it holds none. */
export function searchFromParams<C>(params: URLSearchParams, spec: UrlCriteriaSpec<C>): UrlSearch<C> | null {
  const raw = Object.fromEntries(spec.fields.map((field) => [field, params.get(field) ?? undefined]));
  const criteria = spec.parse(raw);
  return criteria === null ? null : { criteria, page: pageFromParams(params) };
}

/**
 * The URL query of a search: only the criteria entered (trimmed), and the page written 1-based and only after the
 * first. `omit` leaves out names the path already carries (`{base}/benefits/{recipientId}`).
 */
export function paramsOfSearch<C extends object>(
  search: UrlSearch<C>,
  spec: UrlCriteriaSpec<C>,
  omit: readonly string[] = [],
): URLSearchParams {
  const params = new URLSearchParams();
  const values = search.criteria as Record<string, unknown>;
  for (const field of spec.fields) {
    if (omit.includes(field)) continue;
    const value = values[field];
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (text !== '') params.set(field, text);
  }
  if (search.page > 0) params.set('page', String(search.page + 1));
  return params;
}

/** A stable text of criteria, to tell one search from another whatever the order of their names. */
export function criteriaKey(criteria: object | null | undefined, spec: UrlCriteriaSpec<unknown>): string {
  if (!criteria) return '';
  const values = criteria as Record<string, unknown>;
  return JSON.stringify(spec.fields.map((field) => values[field] ?? ''));
}

export interface UrlCriteria<C> {
  /** The search shown, or null before one is submitted. */
  search: UrlSearch<C> | null;
  /** `criteriaKey` of the search shown: a form resets when it changes, not on a page change. */
  key: string;
  /** Shows a search (null clears it). Paging passes `replace`, so Back leaves the search, not each page. */
  show: (next: UrlSearch<C> | null, options?: { replace?: boolean }) => void;
  /** The query as it stands, e.g. to hand to a detail screen for its way back. */
  params: URLSearchParams;
  setParams: SetURLSearchParams;
}

/**
 * The submitted search of a screen, in the URL. `inUrl: false` keeps it in the component instead (a picker inside a
 * dialog must not change the address of the screen under it).
 */
export function useUrlCriteria<C extends object>(
  spec: UrlCriteriaSpec<C>,
  { inUrl = true }: { inUrl?: boolean } = {},
): UrlCriteria<C> {
  const [params, setParams] = useSearchParams();
  const [own, setOwn] = useState<UrlSearch<C> | null>(null);
  const fromUrl = useMemo(() => (inUrl ? searchFromParams(params, spec) : null), [inUrl, params, spec]);
  const search = inUrl ? fromUrl : own;
  const show = useCallback(
    (next: UrlSearch<C> | null, { replace = false }: { replace?: boolean } = {}) => {
      if (inUrl) setParams(next ? paramsOfSearch(next, spec) : new URLSearchParams(), { replace });
      else setOwn(next);
    },
    [inUrl, setParams, spec],
  );
  return { search, key: criteriaKey(search?.criteria, spec), show, params, setParams };
}
