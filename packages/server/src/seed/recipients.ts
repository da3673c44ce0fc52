import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SAMPLE_ACCOUNT_ID_PREFIX } from '@ebt/core/benefits';
import { pinProblem } from '@ebt/core/pans';
import { pinHash } from '../platform/pin.js';
import { ACCOUNT_STATUS, EXTERNAL_PAN_STATUS, EXTERNAL_PAN_TYPE, PAN_STATUS, PAN_TYPE } from '@ebt/core/enums';
import { seal } from '../platform/crypto.js';
import type { Tx } from '../db/client.js';
import { applicants, externalCards, pans, recipientAccounts } from '../db/schema/index.js';
import { addDays, atLocalTime, localDay } from './calendar.js';
import { luhnCheckDigit, programPan } from './cards.js';
import { insertKeyed, insertRows } from './insert.js';
import type { AccountSeed, PersonSeed, World } from './model.js';
import { DEMO_CARD_ACCOUNT_NUMBER, DEMO_CARD_PIN, SIZES } from './model.js';
import { CT_TOWNS } from './names.js';
import { buildPerson, distanceMiles } from './people.js';

/** recipient01 (runtime-contract.md): one person with an account in each demo program. */
const RECIPIENT01: PersonSeed = {
  firstName: 'Margaret',
  middleName: 'A',
  lastName: 'Kowalski',
  address1: '112 Wethersfield Ave',
  address2: 'Apt 3',
  town: CT_TOWNS[0]!,
  zipcode: '06114',
  email: 'recipient01@example.com',
  mobilePhone: '8605550142',
};

/**
 * The recipient accounts, in memory: three in five in the senior program, nine in ten with an agency of their
 * program (and living in one of its towns), mostly active. recipient01's two accounts come first.
 */
export function planRecipients(w: World): void {
  const { rng, today } = w;
  const identifierSeq = [10_000_001, 20_000_001];
  const add = (programIdx: number, agencyIdx: number | null, person: PersonSeed, extra: Partial<AccountSeed> = {}) => {
    const seq = identifierSeq[programIdx]!;
    identifierSeq[programIdx] = seq + rng.int(1, 3);
    w.account.push({
      ...person,
      uuid: rng.uuid(),
      programIdx,
      agencyIdx,
      identifier: String(seq),
      statusId: ACCOUNT_STATUS.ACTIVE,
      accountTypeId: 0,
      cardIssuance: rng.chance(0.3),
      creationChannel: rng.weighted(['API', 'WEB', 'FILE'], [5, 3, 2]),
      createdDay: addDays(today, -rng.int(380, 720)),
      userIdx: null,
      activePanIdx: null,
      favoriteMerchants: [],
      benefitIdx: [],
      id: 0,
      ...extra,
    });
    return w.account.length - 1;
  };

  w.usedEmails.add(RECIPIENT01.email);
  // In the first program recipient01 belongs to agencyadmin01's agency, so agency staff see the same person.
  w.r01 = add(0, 0, RECIPIENT01, { cardIssuance: true, creationChannel: 'WEB', createdDay: addDays(today, -400) });
  w.r01b = add(1, 4, RECIPIENT01, { creationChannel: 'WEB', createdDay: addDays(today, -390) });
  for (let n = 2; n < SIZES.recipients; n++) {
    const programIdx = n % 5 < 3 ? 0 : 1;
    const agencyIdx = rng.chance(0.9) ? rng.pick(w.program[programIdx]!.agencyIdx) : null;
    const person = buildPerson(rng, agencyIdx === null ? CT_TOWNS : w.agency[agencyIdx]!.towns, w.usedEmails);
    add(programIdx, agencyIdx, person, {
      statusId: rng.weighted([ACCOUNT_STATUS.ACTIVE, ACCOUNT_STATUS.INACTIVE, ACCOUNT_STATUS.DELETED], [90, 8, 2]),
      accountTypeId: n % 97 === 0 ? 1 : 0, // a handful of externally managed accounts
    });
  }
  // Each recipient shops at the three merchants of their program nearest to home.
  for (const a of w.account) {
    a.favoriteMerchants = [...w.shopsOf[a.programIdx]!]
      .sort((x, y) => distanceMiles(w.merchant[x]!, a.town) - distanceMiles(w.merchant[y]!, a.town))
      .slice(0, 3);
  }
}

/**
 * Card numbers, in memory: nine in ten standard accounts (and recipient01's) have an active card; some also an
 * older one reported lost or stolen, or switched off. Externally managed accounts get none from this portal.
 */
export function planPans(w: World): void {
  const { rng } = w;
  const accountNumbers = new Set<string>([DEMO_CARD_ACCOUNT_NUMBER]);
  const add = (accountIdx: number, typeId: number, statusId: number, activeDay: string, fixed?: string) => {
    const a = w.account[accountIdx]!;
    let number: string;
    do number = rng.digits(9);
    while (accountNumbers.has(number) || number.startsWith('0'));
    accountNumbers.add(number);
    // recipient01's Active SNAP-incentive card has a documented number (DEMO_CARD_ACCOUNT_NUMBER); the draw above still happens, so
    // every other number stays what it was.
    if (fixed) number = fixed;
    w.pan.push({
      accountIdx,
      programIdx: a.programIdx,
      pan: programPan(w.program[a.programIdx]!.binAndSeries, number),
      typeId,
      statusId,
      activeDay,
      expirationDay: addDays(activeDay, 4 * 365),
      // recipient01's cards have the documented PIN; every other card one of its own, from its number (not from the
      // random stream, so every other draw stays what it was).
      pin: '',
      id: 0,
    });
    const card = w.pan[w.pan.length - 1]!;
    card.pin = accountIdx === w.r01 || accountIdx === w.r01b ? DEMO_CARD_PIN : demoPin(card.pan);
    return w.pan.length - 1;
  };
  w.account.forEach((a, i) => {
    const isR01 = i === w.r01 || i === w.r01b;
    if (!isR01 && (a.accountTypeId !== 0 || !rng.chance(0.9))) return;
    if (i === w.r01 || rng.chance(0.08)) {
      const oldStatus =
        i === w.r01 ? PAN_STATUS.LOST : rng.pick([PAN_STATUS.LOST, PAN_STATUS.STOLEN, PAN_STATUS.INACTIVE]);
      add(i, PAN_TYPE.PRINTED, oldStatus, a.createdDay);
    }
    const typeId = isR01
      ? PAN_TYPE.VIRTUAL
      : rng.weighted([PAN_TYPE.VIRTUAL, PAN_TYPE.PRINTED, PAN_TYPE.MANUAL], [70, 25, 5]);
    const statusId = a.statusId === ACCOUNT_STATUS.ACTIVE ? PAN_STATUS.ACTIVE : PAN_STATUS.INACTIVE;
    const activeDay = addDays(a.createdDay, rng.int(1, 20));
    a.activePanIdx = add(i, typeId, statusId, activeDay, i === w.r01b ? DEMO_CARD_ACCOUNT_NUMBER : undefined);
  });
}

/** Writes the accounts (after the benefits are planned, so no account is younger than its first benefit). */
export async function writeRecipients(tx: Tx, w: World): Promise<void> {
  const { rng } = w;
  for (const a of w.account) {
    const first = a.benefitIdx.map((bi) => localDay(w.benefit[bi]!.createdAt)).sort()[0];
    if (first && first <= a.createdDay) a.createdDay = addDays(first, -rng.int(1, 20));
  }
  const ids = await insertKeyed(
    tx,
    recipientAccounts,
    w.account.map((a) => ({
      uuid: a.uuid,
      programId: w.program[a.programIdx]!.id,
      agencyId: a.agencyIdx === null ? null : w.agency[a.agencyIdx]!.id,
      userId: a.userIdx === null ? null : w.user[a.userIdx]!.id,
      recipientIdentifier: a.identifier,
      statusId: a.statusId,
      accountTypeId: a.accountTypeId,
      firstName: a.firstName,
      middleName: a.middleName,
      lastName: a.lastName,
      address1: a.address1,
      address2: a.address2,
      city: a.town.city,
      stateCode: 'CT',
      zipcode: a.zipcode,
      email: a.email,
      mobilePhone: a.mobilePhone,
      cardIssuance: a.cardIssuance,
      creationChannel: a.creationChannel,
      createdAt: atLocalTime(a.createdDay, rng.int(8, 16), rng.int(0, 59)),
      updatedAt: atLocalTime(a.createdDay, 17, 0),
    })),
    recipientAccounts.uuid,
    recipientAccounts.id,
  );
  for (const a of w.account) a.id = ids.get(a.uuid) ?? 0;
}

/**
 * A 'Sample Recipient' account for each agency (and each program without one): what the benefit file's sample names
 * (modules/benefits/import-sample.ts, decision 0117), so importing the sample issues to nobody real. No portal user,
 * no e-mail, no phone: nobody is notified. Written after the other accounts and without the random stream, so the
 * rest of the demo data stays what it was; its Account IDs are not 8 digits, so the next generated ones do not move.
 */
export async function writeSampleRecipients(tx: Tx, w: World): Promise<void> {
  const sample = (programIdx: number, agency: { id: number; code: string } | null) => ({
    programId: w.program[programIdx]!.id,
    agencyId: agency?.id ?? null,
    userId: null,
    recipientIdentifier: agency ? `${SAMPLE_ACCOUNT_ID_PREFIX}-${agency.code}` : SAMPLE_ACCOUNT_ID_PREFIX,
    statusId: ACCOUNT_STATUS.ACTIVE,
    accountTypeId: 0,
    firstName: 'Sample',
    middleName: null,
    lastName: 'Recipient',
    cardIssuance: false,
    creationChannel: 'WEB',
  });
  const rows = w.program.flatMap((_, programIdx) => {
    const agencies = w.agency.filter((a) => a.programIdx === programIdx);
    return agencies.length ? agencies.map((a) => sample(programIdx, a)) : [sample(programIdx, null)];
  });
  await tx.insert(recipientAccounts).values(rows);
}

/** Writes the PANs sealed: HMAC hash, AES-GCM ciphertext and last four (platform/crypto.ts). */
export async function writePans(tx: Tx, w: World): Promise<void> {
  const sealed = w.pan.map((p) => seal(p.pan, w.sealKeys));
  const ids = await insertKeyed(
    tx,
    pans,
    w.pan.map((p, i) => ({
      programId: w.program[p.programIdx]!.id,
      accountId: w.account[p.accountIdx]!.id,
      panHash: sealed[i]!.hash,
      panEncrypted: sealed[i]!.encrypted,
      panLast4: sealed[i]!.last4,
      panTypeId: p.typeId,
      panStatusId: p.statusId,
      activeDate: p.activeDay,
      expirationDate: p.expirationDay,
      createdAt: atLocalTime(p.activeDay, 9, 0),
    })),
    pans.panHash,
    pans.id,
  );
  w.pan.forEach((p, i) => (p.id = ids.get(sealed[i]!.hash) ?? 0));
  // The PINs, as the portal keeps them: a keyed hash of the card's id and the digits (platform/pin.ts).
  const hashes = w.pan.map((p) => pinHash(p.id, p.pin, w.sealKeys.pinKeys));
  await tx.execute(sql`
    update pans set pin_hash = v.hash, pin_set_at = pans.created_at
    from unnest(${sql.param(w.pan.map((p) => p.id))}::int[], ${sql.param(hashes)}::text[]) as v(id, hash)
    where pans.id = v.id`);
}

/** A demo card's own PIN: four digits drawn from its number, none that the portal would refuse as easy to guess. */
function demoPin(pan: string): string {
  for (let salt = 0; ; salt += 1) {
    const digest = createHash('sha256').update(`demo-pin:${pan}:${salt}`).digest();
    const pin = String(digest.readUInt32BE(0) % 10_000).padStart(4, '0');
    if (pinProblem(pin, pan.slice(-4)) === null) return pin;
  }
}

/**
 * Online applications to the senior program: most from the last four months and waiting, twelve already processed
 * into recipient accounts (the account points back through applicant_id).
 */
export async function seedApplicants(tx: Tx, w: World): Promise<void> {
  const { rng, now } = w;
  const processed = rng
    .shuffle(
      w.account.filter(
        (a, i) => a.programIdx === 0 && i > w.r01b && a.statusId === ACCOUNT_STATUS.ACTIVE && a.accountTypeId === 0,
      ),
    )
    .slice(0, 12);
  const rows = [];
  for (let n = 0; n < SIZES.applicants; n++) {
    const done = processed[n];
    const person: PersonSeed = done ?? buildPerson(rng, CT_TOWNS, w.usedEmails);
    const created = done
      ? atLocalTime(addDays(done.createdDay, -rng.int(2, 10)), rng.int(7, 21), rng.int(0, 59))
      : new Date(now.getTime() - rng.int(1, 120 * 24) * 3_600_000);
    rows.push({
      uuid: rng.uuid(),
      programId: w.program[0]!.id,
      applicationId: 1,
      firstName: person.firstName,
      middleName: person.middleName,
      lastName: person.lastName,
      address1: person.address1,
      address2: person.address2,
      city: person.town.city,
      stateCode: 'CT',
      zipcode: person.zipcode,
      email: person.email,
      mobilePhone: person.mobilePhone,
      agreedAt: created,
      processedAccountId: done ? done.id : null,
      processedAt: done ? atLocalTime(done.createdDay, 12, 0) : null,
      createdAt: created,
    });
  }
  const ids = await insertKeyed(tx, applicants, rows, applicants.uuid, applicants.id);
  for (const [n, done] of processed.entries()) {
    await tx
      .update(recipientAccounts)
      .set({ applicantId: ids.get(rows[n]!.uuid) ?? 0, creationChannel: 'WEB' })
      .where(eq(recipientAccounts.id, done.id));
  }
}

/** External SNAP and WIC cards (16 or 19 digits, Luhn-valid, sealed like PANs): recipient01 has one per account. */
export async function seedExternalCards(tx: Tx, w: World): Promise<void> {
  const { rng, today } = w;
  const others = rng
    .shuffle(w.account.map((_, i) => i).filter((i) => i > w.r01b && w.account[i]!.statusId === ACCOUNT_STATUS.ACTIVE))
    .slice(0, SIZES.externalCards - 2);
  await insertRows(
    tx,
    externalCards,
    [w.r01, w.r01b, ...others].map((ai, n) => {
      const a = w.account[ai]!;
      const typeId =
        n === 0
          ? EXTERNAL_PAN_TYPE.SNAP
          : n === 1
            ? EXTERNAL_PAN_TYPE.WIC
            : rng.weighted([EXTERNAL_PAN_TYPE.SNAP, EXTERNAL_PAN_TYPE.WIC, EXTERNAL_PAN_TYPE.BOTH], [6, 3, 1]);
      const partial = (typeId === EXTERNAL_PAN_TYPE.WIC ? '610054' : '600054') + rng.digits(rng.chance(0.8) ? 9 : 12);
      const sealed = seal(partial + luhnCheckDigit(partial), w.sealKeys);
      const defaultName = typeId === EXTERNAL_PAN_TYPE.WIC ? 'WIC card' : 'My SNAP card';
      return {
        uuid: rng.uuid(),
        accountId: a.id,
        programId: w.program[a.programIdx]!.id,
        panHash: sealed.hash,
        panEncrypted: sealed.encrypted,
        panLast4: sealed.last4,
        // Names never contain digits, so none holds a run of the card number (part 1 §5).
        name: n < 2 ? defaultName : rng.pick([defaultName, 'Family EBT card', 'Backup card', 'Grocery card']),
        typeId,
        statusId: n > 1 && rng.chance(0.15) ? EXTERNAL_PAN_STATUS.INACTIVE : EXTERNAL_PAN_STATUS.ACTIVE,
        createdAt: atLocalTime(addDays(today, -rng.int(5, 200)), 14, 0),
      };
    }),
  );
}
