import { describe, expect, it } from 'vitest';
import { pinProblem } from './pin.js';

describe('pinProblem', () => {
  it('refuses what is not four digits', () => {
    for (const pin of ['', '123', '12345', '12a4', ' 1357', '١٢٣٤']) expect(pinProblem(pin, null), pin).toBe('format');
  });
  it('refuses repeats, runs and the PINs tried first', () => {
    for (const pin of ['0000', '1111', '9999', '1234', '0123', '6789', '4321', '9876', '3210', '1212', '2580'])
      expect(pinProblem(pin, null), pin).toBe('trivial');
  });
  it("refuses the card's own last four", () => {
    expect(pinProblem('4817', '4817')).toBe('card');
    expect(pinProblem('4817', '4818')).toBeNull();
  });
  it('takes an ordinary PIN, a year included', () => {
    for (const pin of ['4817', '1957', '0472', '8305']) expect(pinProblem(pin, '0013'), pin).toBeNull();
  });
});
