/** The Luhn check digit that makes `partial` + digit pass the mod-10 test. */
export function luhnCheckDigit(partial: string): string {
  let sum = 0;
  // Walking from the right, the digit next to the (future) check digit is doubled first.
  for (let i = partial.length - 1, double = true; i >= 0; i--, double = !double) {
    let n = Number(partial[i]);
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isLuhnValid(pan: string): boolean {
  return /^[0-9]{2,}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === pan.slice(-1);
}

/** A program PAN (resolutions §5): bin + series (9 digits), a 9-digit account number and the check digit. */
export function programPan(binAndSeries: string, accountNumber: string): string {
  if (!/^[0-9]{9}$/.test(binAndSeries) || !/^[0-9]{9}$/.test(accountNumber)) {
    throw new Error('a program PAN is 9 digits of bin and series plus a 9-digit account number');
  }
  const partial = binAndSeries + accountNumber;
  return partial + luhnCheckDigit(partial);
}
