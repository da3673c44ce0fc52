import { describe, expect, it } from 'vitest';
import { externalCardDuplicate, isMaskedExternalPan, isUpdatePanEntry, panChangeOf } from './rules.js';

const PAN = '6011000990139424'; // 16 digits, Luhn-valid

describe('the masked form', () => {
  it('is a star and four digits, nothing else', () => {
    expect(isMaskedExternalPan('*9424')).toBe(true);
    expect(isMaskedExternalPan('9424')).toBe(false);
    expect(isMaskedExternalPan('*424')).toBe(false);
    expect(isMaskedExternalPan('**9424')).toBe(false);
    expect(isMaskedExternalPan(PAN)).toBe(false);
  });
});

describe("a PUT's pan", () => {
  it('keeps the number when left out, empty or masked as the stored card', () => {
    expect(panChangeOf(undefined, '9424')).toBe('keep');
    expect(panChangeOf(null, '9424')).toBe('keep');
    expect(panChangeOf('  ', '9424')).toBe('keep');
    expect(panChangeOf('*9424', '9424')).toBe('keep');
  });

  it('replaces it with a full valid number, even one ending the same', () => {
    expect(panChangeOf('4111111111111111', '9424')).toBe('replace');
    expect(panChangeOf(PAN, '9424')).toBe('replace');
  });

  it('refuses the masked form of another card and a number that is not one', () => {
    expect(panChangeOf('*1111', '9424')).toBe('invalid');
    expect(panChangeOf('6011000990139425', '9424')).toBe('invalid'); // Luhn fails
    expect(panChangeOf('601100099013942', '9424')).toBe('invalid'); // 15 digits
  });

  it('is a valid entry when empty, masked or a full number', () => {
    expect(isUpdatePanEntry('')).toBe(true);
    expect(isUpdatePanEntry('*1234')).toBe(true);
    expect(isUpdatePanEntry(PAN)).toBe(true);
    expect(isUpdatePanEntry('1234')).toBe(false);
    expect(isUpdatePanEntry('*12345')).toBe(false);
  });
});

describe('the duplicate rule (decision 0039)', () => {
  const mine = [11, 12]; // one person's accounts in programs 1 and 2

  it('lets a new number through', () => {
    expect(externalCardDuplicate([], mine, 1)).toBeNull();
  });

  it('lets one person attach the same number once to each of their programs', () => {
    expect(externalCardDuplicate([{ accountId: 11, programId: 1, externalCardId: 100 }], mine, 2)).toBeNull();
  });

  it('refuses the same number twice in one program', () => {
    expect(externalCardDuplicate([{ accountId: 11, programId: 1, externalCardId: 100 }], mine, 1)).toBe('same-program');
  });

  it('refuses a number another person has attached, in any program', () => {
    expect(externalCardDuplicate([{ accountId: 99, programId: 3, externalCardId: 100 }], mine, 1)).toBe('other-person');
    expect(externalCardDuplicate([{ accountId: 99, programId: 1, externalCardId: 100 }], mine, 1)).toBe('other-person');
  });

  it('never counts the card being edited against itself', () => {
    expect(externalCardDuplicate([{ accountId: 11, programId: 1, externalCardId: 100 }], mine, 1, 100)).toBeNull();
    expect(
      externalCardDuplicate(
        [
          { accountId: 11, programId: 1, externalCardId: 100 },
          { accountId: 12, programId: 2, externalCardId: 101 },
        ],
        mine,
        2,
        100,
      ),
    ).toBe('same-program');
  });
});
