// Date rules of A§9, B§9 and resolution 26. Dates are 'YYYY-MM-DD' strings so they compare as text.

/** Resolution 26: "today" is taken in the program's time zone, this one unless configured. */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** A§4: a benefit expiring within this many days is marked 'expiring soon'. */
export const EXPIRING_SOON_DAYS = 14;
/** A§5: available date maximum without a last issuance date: today plus 366 days. */
export const AVAILABLE_DATE_MAX_DAYS = 366;
/** A§5/A§9: search dates allow up to today plus 183 days. */
export const SEARCH_DATE_MAX_DAYS = 183;

/** Earliest dates the forms accept (A§5, A§9, B§5, B§9). */
export const MIN_DATES = {
  programSearchStart: '2022-02-01',
  programSearchEnd: '2022-08-01',
  recipientSearch: '2020-08-01',
  benefitEdit: '2022-02-01',
  incentiveEdit: '2023-02-01',
  agencyFunding: '2023-01-01',
  programEdit: '2021-02-01',
} as const;

/** A§9/B§9: benefit and incentive dates are sent and stored at midday. */
export const MIDDAY_HOUR = 12;
/** A§9: transaction search date-times start at :00 and end at :59 seconds. */
export const SEARCH_START_SECOND = 0;
export const SEARCH_END_SECOND = 59;

/** A§1: the copyright line starts in 2020. */
export const COPYRIGHT_START_YEAR = 2020;
