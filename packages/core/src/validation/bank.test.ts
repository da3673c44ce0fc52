import { describe, expect, it } from 'vitest';
import { routingCheckDigit, routingNumberValid } from './bank.js';

describe('routingNumberValid', () => {
  it('accepts real routing numbers and refuses a wrong check digit or length', () => {
    expect(routingNumberValid('021000021')).toBe(true);
    expect(routingNumberValid('011000015')).toBe(true);
    expect(routingNumberValid('021000022')).toBe(false);
    expect(routingNumberValid('02100002')).toBe(false);
    expect(routingNumberValid('02100002a')).toBe(false);
  });
  it('completes eight digits', () => {
    expect(routingCheckDigit('02100002')).toBe('1');
    expect(routingNumberValid(`12345678${routingCheckDigit('12345678')}`)).toBe(true);
  });
});
