import { z } from 'zod';

// The answers of list endpoints (part 1 §7, resolution 13): one shape for every area, so a web list reads any of
// them the same way. The rows keep the field name the specification gives them (`data`).

/** Pages of a search answer: `ceil(totalCount / pageSize)`, 0 without rows (and for a page size of 0). */
export function totalPages(totalCount: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(totalCount / pageSize) : 0;
}

/**
 * A list fetched whole, up to a cap (the applicant search, A§9/B§9 "fetch up to 1000 and page on screen"):
 * totalCount counts the rows answered; countCapped says more match than the cap.
 */
export function cappedAnswer<Row extends z.ZodType>(row: Row) {
  return z.object({
    data: z.array(row),
    totalCount: z.number().int(),
    countCapped: z.boolean(),
  });
}

/**
 * A page of a search the server pages (zero-based `page`). totalCount counts up to the search's cap; countCapped says
 * more rows match than that (the screen says so and asks for a narrower search).
 */
export function pagedAnswer<Row extends z.ZodType>(row: Row) {
  return z.object({
    data: z.array(row),
    page: z.number().int(),
    totalCount: z.number().int(),
    totalPages: z.number().int(),
    countCapped: z.boolean(),
  });
}
