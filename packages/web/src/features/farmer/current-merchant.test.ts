import { describe, expect, it } from 'vitest';
import type { FarmerMerchant } from '@ebt/core/farmer';
import { pickMerchant } from './current-merchant';

const merchant = (merchantUuid: string): FarmerMerchant => ({
  merchantUuid,
  merchantIdentifier: 'M1',
  name: merchantUuid,
  statusId: 0,
  city: null,
  state: null,
  programs: [],
});

describe('pickMerchant', () => {
  const a = merchant('00000000-0000-4000-8000-00000000000a');
  const b = merchant('00000000-0000-4000-8000-00000000000b');

  it('takes the remembered merchant while the user still sells for it', () => {
    expect(pickMerchant([a, b], b.merchantUuid)).toBe(b);
  });

  it('falls back to the first when the remembered one is gone or none was chosen', () => {
    expect(pickMerchant([a, b], '00000000-0000-4000-8000-00000000000c')).toBe(a);
    expect(pickMerchant([a, b], null)).toBe(a);
    expect(pickMerchant([], null)).toBeNull();
  });
});
