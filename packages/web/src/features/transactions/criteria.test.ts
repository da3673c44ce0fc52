import { MESSAGES } from '@ebt/core/messages';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_TRANSACTION_SEARCH,
  TRANSACTION_URL_CRITERIA,
  transactionPageQuery,
  validateTransactionSearch,
} from './criteria';

const NOW = new Date('2026-11-23T15:00:00Z');

describe('transaction search criteria', () => {
  it('reads ?rid= as a search and no criterion as none', () => {
    expect(TRANSACTION_URL_CRITERIA.parse({ rid: ' R-1001 ' })).toMatchObject({ rid: 'R-1001' });
    expect(TRANSACTION_URL_CRITERIA.parse({})).toBeNull();
  });

  it('sends the window as instants at :00 and :59, the Account ID as recipientIdentifier, 10 a page', () => {
    const query = transactionPageQuery(
      { ...EMPTY_TRANSACTION_SEARCH, startDate: '2026-11-01 08:30', endDate: '2026-11-02', rid: 'R-1' },
      2,
    );
    expect(new Date(query.startDate!).getSeconds()).toBe(0);
    expect(new Date(query.startDate!).getMinutes()).toBe(30);
    expect(new Date(query.endDate!).getHours()).toBe(23);
    expect(new Date(query.endDate!).getSeconds()).toBe(59);
    expect(query).toMatchObject({ recipientIdentifier: 'R-1', page: 2, pageSize: 10 });
    expect(query).not.toHaveProperty('merchantNbr');
  });

  it('refuses dates before the minimums, an end before the start and ids over 20 characters', () => {
    const errors = validateTransactionSearch(
      { ...EMPTY_TRANSACTION_SEARCH, startDate: '2022-01-31 10:00', merchantNbr: 'x'.repeat(21) },
      NOW,
    );
    expect(errors.startDate).toBe('Date cannot be before 2022-02-01.');
    expect(errors.merchantNbr).toBe('Must be at most 20 characters.');
    expect(validateTransactionSearch({ ...EMPTY_TRANSACTION_SEARCH, endDate: '2022-07-31' }, NOW).endDate).toBe(
      'Date cannot be before 2022-08-01.',
    );
    expect(
      validateTransactionSearch(
        { ...EMPTY_TRANSACTION_SEARCH, startDate: '2026-11-02 10:00', endDate: '2026-11-01 10:00' },
        NOW,
      ).endDate,
    ).toBe(MESSAGES.END_BEFORE_START);
    expect(validateTransactionSearch({ ...EMPTY_TRANSACTION_SEARCH, startDate: '2026-13-01' }, NOW).startDate).toBe(
      'Enter a date and time.',
    );
  });
});
