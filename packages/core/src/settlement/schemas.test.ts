import { describe, expect, it } from 'vitest';
import { BATCH_TRANSACTIONS_MAX_PAGE_SIZE, BatchMerchantParams, BatchTransactionsQuery } from './schemas.js';

// A merchant's transactions of a batch (decision 0068): the page and page size at, below and above their bounds.

describe('BatchTransactionsQuery', () => {
  it('defaults to the first page of 10', () => {
    expect(BatchTransactionsQuery.parse({})).toEqual({ page: 0, pageSize: 10 });
  });

  it('takes a page size from 1 to 200 and refuses 0 and 201', () => {
    expect(BatchTransactionsQuery.parse({ pageSize: '1' }).pageSize).toBe(1);
    expect(BatchTransactionsQuery.parse({ pageSize: String(BATCH_TRANSACTIONS_MAX_PAGE_SIZE) }).pageSize).toBe(200);
    expect(BatchTransactionsQuery.safeParse({ pageSize: '0' }).success).toBe(false);
    expect(BatchTransactionsQuery.safeParse({ pageSize: '201' }).success).toBe(false);
  });

  it('refuses a negative or fractional page and an unknown field', () => {
    expect(BatchTransactionsQuery.safeParse({ page: '-1' }).success).toBe(false);
    expect(BatchTransactionsQuery.safeParse({ page: '1.5' }).success).toBe(false);
    expect(BatchTransactionsQuery.safeParse({ page: '0', sort: 'amount' }).success).toBe(false);
  });
});

describe('BatchMerchantParams', () => {
  it('needs two uuids', () => {
    const batchUuid = '9f1c2d3e-4b5a-4c6d-8e7f-001122334455';
    expect(BatchMerchantParams.safeParse({ batchUuid, merchantUuid: batchUuid }).success).toBe(true);
    expect(BatchMerchantParams.safeParse({ batchUuid, merchantUuid: 'x' }).success).toBe(false);
  });
});
