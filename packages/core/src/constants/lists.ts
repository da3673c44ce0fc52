// Page and fetch sizes of A§9, B§9 and resolution 13.

/** Rows per page on every screen list. */
export const LIST_PAGE_SIZE = 10;
/** A§7/A§9: the recipient search asks the server for 2000 rows and pages them on screen. */
export const RECIPIENT_SEARCH_PAGE_SIZE = 2000;
/** A§9/B§9: recipient-portal, merchant and external card searches fetch up to 1000. */
export const RECIPIENT_PORTAL_FETCH_SIZE = 1000;
export const MERCHANT_SEARCH_FETCH_SIZE = 1000;
/** A§9: notifications show 5 per page. */
export const NOTIFICATIONS_PAGE_SIZE = 5;
/** A§9: pager window when no size is given. */
export const PAGER_DEFAULT_SIZE = 5;
/** A§9: above this many pages the pager shows only first, last, current and multiples of a step. */
export const PAGER_COMPACT_THRESHOLD = 25;
/** Resolution 13: the server caps pageSize here and always answers totalCount. */
export const MAX_PAGE_SIZE = 2000;
/** A§7: benefit and transaction pages are zero-based. */
export const FIRST_PAGE = 0;
