// Two list endpoints (agencies, incentives) answer a page when the call names one and the whole list otherwise; the
// contract's answer is the union of both. A screen knows which it asked for: these narrow the answer to it (a query's
// `select`), and fail loudly if the server ever answered the other.

/** The answer of a call that asked for the whole list. */
export function wholeListOf<Row>(answer: readonly Row[] | object): Row[] {
  if (!Array.isArray(answer)) throw new Error('a page came back where the whole list was asked for');
  return answer as Row[];
}

/** The answer of a call that asked for a page. */
export function pageOf<Page extends object>(answer: Page | readonly unknown[]): Page {
  if (Array.isArray(answer)) throw new Error('the whole list came back where a page was asked for');
  return answer as Page;
}
