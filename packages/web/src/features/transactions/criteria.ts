import { LIST_PAGE_SIZE, SEARCH_END_SECOND, SEARCH_START_SECOND } from '@ebt/core/constants';
import {
  hasTransactionCriterion,
  TRANSACTION_MESSAGES,
  TRANSACTION_SEARCH_ID_MAX,
  transactionWindowProblems,
} from '@ebt/core/transactions';
import { MESSAGES, ruleMessage } from '@ebt/core/messages';
import { localDateTimeToIso } from '../../lib/date-time';
import { cleanCriteria } from '../../lib/search';
import type { UrlCriteriaSpec } from '../../lib/url-criteria';

// The transaction search's fields (B§5 "Transactions detail and search", A§7 transactionApi.search), in
// the form, in the URL (lib/url-criteria.ts; `rid` is the recipient detail's link, A§2) and as the API takes them.

/** Every field a string, '' for not given; the date-times are local 'YYYY-MM-DD HH:mm'. */
export type TransactionSearchValues = {
  startDate: string;
  endDate: string;
  trxTypeId: string;
  respCodeId: string;
  programUuid: string;
  merchantNbr: string;
  agencyUuid: string;
  rid: string;
};

export const EMPTY_TRANSACTION_SEARCH: TransactionSearchValues = {
  startDate: '',
  endDate: '',
  trxTypeId: '',
  respCodeId: '',
  programUuid: '',
  merchantNbr: '',
  agencyUuid: '',
  rid: '',
};

const FIELDS = Object.keys(EMPTY_TRANSACTION_SEARCH) as (keyof TransactionSearchValues)[];

/** B§5: Search waits for one criterion; a URL without one (the bare screen) is no search. */
export const TRANSACTION_URL_CRITERIA: UrlCriteriaSpec<TransactionSearchValues> = {
  fields: FIELDS,
  parse: (raw) => {
    const values = { ...EMPTY_TRANSACTION_SEARCH };
    for (const field of FIELDS) values[field] = raw[field]?.trim() ?? '';
    return hasTransactionCriterion(values) ? values : null;
  },
};

export const transactionValuesOf = (criteria: TransactionSearchValues) => ({ ...criteria });
export const transactionCriteriaOf = (values: TransactionSearchValues) => {
  const criteria = { ...EMPTY_TRANSACTION_SEARCH };
  for (const field of FIELDS) criteria[field] = values[field].trim();
  return criteria;
};

/** The instants of the window: the start at :00, the end through :59 (A§9); a date alone spans the whole day. */
function windowOf(values: TransactionSearchValues, timeZone?: string) {
  return {
    start: values.startDate.trim()
      ? localDateTimeToIso(values.startDate, SEARCH_START_SECOND, '00:00', timeZone)
      : undefined,
    end: values.endDate.trim() ? localDateTimeToIso(values.endDate, SEARCH_END_SECOND, '23:59', timeZone) : undefined,
  };
}

/** The API query of the criteria (without the page); the times typed on `timeZone`'s clock (lib/clock.tsx). */
export function transactionQuery(values: TransactionSearchValues, timeZone?: string) {
  const { start, end } = windowOf(values, timeZone);
  return cleanCriteria({
    startDate: start ?? '',
    endDate: end ?? '',
    trxTypeId: values.trxTypeId,
    respCodeId: values.respCodeId,
    programUuid: values.programUuid,
    merchantNbr: values.merchantNbr,
    agencyUuid: values.agencyUuid,
    recipientIdentifier: values.rid,
  });
}

/** The API query of a page (A§9: 10 rows a page, zero-based). */
export function transactionPageQuery(values: TransactionSearchValues, page: number, timeZone?: string) {
  return { ...transactionQuery(values, timeZone), page, pageSize: LIST_PAGE_SIZE };
}

/**
 * Why the criteria cannot be searched, by field: readable date-times, the bounds of B§5/B§9 (core's rule, as the
 * server applies it), Merchant ID and Recipient Account ID at most 20 characters.
 */
export function validateTransactionSearch(
  values: TransactionSearchValues,
  now: Date = new Date(),
  timeZone?: string,
): Partial<Record<keyof TransactionSearchValues, string>> {
  const errors: Partial<Record<keyof TransactionSearchValues, string>> = {};
  const { start, end } = windowOf(values, timeZone);
  if (start === null) errors.startDate = TRANSACTION_MESSAGES.INVALID_DATE_TIME;
  if (end === null) errors.endDate = TRANSACTION_MESSAGES.INVALID_DATE_TIME;
  const window = { start: start ?? undefined, end: end ?? undefined };
  for (const problem of transactionWindowProblems(window, now)) errors[problem.field] ??= problem.message;
  const tooLong = ruleMessage(MESSAGES.TOO_LONG, { max: TRANSACTION_SEARCH_ID_MAX });
  if (values.merchantNbr.trim().length > TRANSACTION_SEARCH_ID_MAX) errors.merchantNbr = tooLong;
  if (values.rid.trim().length > TRANSACTION_SEARCH_ID_MAX) errors.rid = tooLong;
  return errors;
}
