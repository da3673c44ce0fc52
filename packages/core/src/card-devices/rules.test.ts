import { describe, expect, it } from 'vitest';
import { CARD_DEVICE_LIMIT, canAddCardDevice } from './rules.js';

describe('canAddCardDevice', () => {
  it('takes phones up to the limit and refuses one more', () => {
    expect(canAddCardDevice(0)).toBe(true);
    expect(canAddCardDevice(CARD_DEVICE_LIMIT - 1)).toBe(true);
    expect(canAddCardDevice(CARD_DEVICE_LIMIT)).toBe(false);
  });
});
