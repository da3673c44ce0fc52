import { CT_AREA_CODES, FIRST_NAMES, LAST_NAMES, MIDDLE_INITIALS, STREETS, type Town, UNIT_PREFIXES } from './names.js';
import type { PersonSeed } from './model.js';
import type { Random } from './random.js';

/** A demo phone number: a Connecticut area code and the fictional 555-01xx block, digits only. */
export function phone(rng: Random): string {
  return `${rng.pick(CT_AREA_CODES)}55501${rng.digits(2)}`;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

/** An invented person living in one of the towns, with an e-mail address at example.com not used before. */
export function buildPerson(rng: Random, towns: readonly Town[], usedEmails: Set<string>): PersonSeed {
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const town = rng.pick(towns);
  let email = `${slug(firstName)}.${slug(lastName)}@example.com`;
  for (let n = 2; usedEmails.has(email); n++) email = `${slug(firstName)}.${slug(lastName)}${n}@example.com`;
  usedEmails.add(email);
  return {
    firstName,
    middleName: rng.chance(0.4) ? rng.pick(MIDDLE_INITIALS) : null,
    lastName,
    address1: `${rng.int(1, 2400)} ${rng.pick(STREETS)}`,
    address2: rng.chance(0.25) ? `${rng.pick(UNIT_PREFIXES)} ${rng.int(1, 40)}` : null,
    town,
    zipcode: rng.pick(town.zipcodes),
    email,
    mobilePhone: phone(rng),
  };
}

/** Miles between two points (equirectangular: fine at Connecticut's size). */
export function distanceMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const x = (a.longitude - b.longitude) * Math.cos(((a.latitude + b.latitude) / 2) * (Math.PI / 180));
  const y = a.latitude - b.latitude;
  return Math.sqrt(x * x + y * y) * 69.1;
}

export function notAfter(at: Date, now: Date): Date {
  return at > now ? now : at;
}
