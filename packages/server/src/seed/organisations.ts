import { MERCHANT_PROGRAM_STATUS, MERCHANT_STATUS, TAX_CLASS, TIN_TYPE } from '@ebt/core/enums';
import { defaultProgramConfiguration } from '@ebt/core/constants';
import { routingCheckDigit } from '@ebt/core/validation';
import { encrypt, seal } from '../platform/crypto.js';

/** A demo program's configuration with its settlement routing number (the account number is a sealed secret entry). */
const settlementConfiguration = (text: string) =>
  JSON.stringify({
    ...(JSON.parse(text) as object),
    settlementRoutingNumber: '011000015',
    settlementAccountSecret: '',
  });
import type { Tx } from '../db/client.js';
import {
  agencies,
  applicationPrograms,
  applications,
  configEntries,
  fundingSources,
  incentives,
  merchantAddresses,
  merchantBankAccounts,
  merchantPrograms,
  merchants,
  programs,
} from '../db/schema/index.js';
import { addDays, atLocalTime, money } from './calendar.js';
import { insertKeyed, insertRows } from './insert.js';
import type { MerchantSeed, World } from './model.js';
import { SIZES } from './model.js';
import {
  BANK_NAMES,
  CT_TOWNS,
  FARM_KINDS,
  FARM_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  MIDDLE_INITIALS,
  STREETS,
} from './names.js';
import { phone, slug } from './people.js';
import type { Random } from './random.js';

/**
 * The two demo programs: the senior farmers market program has a default benefit amount and benefit life, an
 * option type and benefit notes; the SNAP incentive program has none of those.
 */
export async function seedPrograms(tx: Tx, w: World): Promise<void> {
  const { today, rng, sealKeys } = w;
  const rows = await tx
    .insert(programs)
    .values([
      {
        uuid: rng.uuid(),
        name: 'Connecticut Senior Farmers Market',
        shortName: 'CTSFMNP',
        statusId: 0,
        bin: '900100',
        seriesNbr: '001',
        contactEmail: 'sfmnp@example.com',
        contactPhone: '8605550100',
        contactAddress1: '450 Columbus Blvd',
        contactAddress2: 'Suite 701',
        contactCity: 'Hartford',
        contactStateCode: 'CT',
        contactZip: '06103',
        startDate: addDays(today, -420),
        endDate: addDays(today, 730),
        // The settlement account the ACH file's offset entry goes to (docs/settlement.md, decision 0057).
        configuration: settlementConfiguration(defaultProgramConfiguration('900100')),
        configurationSecrets: encrypt(
          JSON.stringify({ settlementAccountSecret: '4000123456' }),
          sealKeys.encryptionKey,
        ),
        benefitAmount: money(5000),
        benefitExpirationDays: 150,
        incentiveExpirationDays: 90,
        fundingAmount: money(25_000_000),
        fundingDate: addDays(today, -400),
        lastIssuanceDate: addDays(today, 60),
        enableBenefitNote: true,
        benefitOptionTypeId: 1,
        maxPrintedPans: 500,
        createdAt: atLocalTime(addDays(today, -430), 9, 0),
      },
      {
        uuid: rng.uuid(),
        name: 'Connecticut SNAP Incentive',
        shortName: 'CTSNAP',
        statusId: 0,
        bin: '900100',
        seriesNbr: '002',
        contactEmail: 'snap-incentive@example.com',
        contactPhone: '2035550100',
        contactAddress1: '25 Sigourney St',
        contactCity: 'Hartford',
        contactStateCode: 'CT',
        contactZip: '06106',
        startDate: addDays(today, -400),
        endDate: addDays(today, 365),
        // The settlement account the ACH file's offset entry goes to (docs/settlement.md, decision 0057).
        configuration: settlementConfiguration(defaultProgramConfiguration('900100')),
        configurationSecrets: encrypt(
          JSON.stringify({ settlementAccountSecret: '4000123456' }),
          sealKeys.encryptionKey,
        ),
        benefitAmount: null,
        benefitExpirationDays: null,
        incentiveExpirationDays: 60,
        fundingAmount: money(12_000_000),
        fundingDate: addDays(today, -390),
        lastIssuanceDate: null,
        enableBenefitNote: false,
        benefitOptionTypeId: null,
        maxPrintedPans: 200,
        createdAt: atLocalTime(addDays(today, -410), 9, 0),
      },
    ])
    .returning({ id: programs.id, shortName: programs.shortName });
  const idOf = (shortName: string) => rows.find((p) => p.shortName === shortName)?.id ?? 0;

  const funding = await tx
    .insert(fundingSources)
    .values([
      { programId: idOf('CTSFMNP'), name: 'USDA SFMNP Grant' },
      { programId: idOf('CTSFMNP'), name: 'State of Connecticut' },
      { programId: idOf('CTSNAP'), name: 'USDA GusNIP' },
      { programId: idOf('CTSNAP'), name: 'CT Social Services' },
      { programId: idOf('CTSNAP'), name: 'Community Foundation' },
    ])
    .returning({ id: fundingSources.id, programId: fundingSources.programId });
  const fundingOf = (id: number) => funding.filter((f) => f.programId === id).map((f) => f.id);

  w.program = [
    {
      id: idOf('CTSFMNP'),
      shortName: 'CTSFMNP',
      name: 'Connecticut Senior Farmers Market',
      binAndSeries: '900100001',
      benefitDays: 150,
      incentiveDays: 90,
      defaultAmountCents: 5000,
      fundingIds: fundingOf(idOf('CTSFMNP')),
      agencyIdx: [0, 1, 2, 3],
    },
    {
      id: idOf('CTSNAP'),
      shortName: 'CTSNAP',
      name: 'Connecticut SNAP Incentive',
      binAndSeries: '900100002',
      benefitDays: null,
      incentiveDays: 60,
      defaultAmountCents: null,
      fundingIds: fundingOf(idOf('CTSNAP')),
      agencyIdx: [4, 5],
    },
  ];
}

/** Four agencies on aging in the senior program, two market networks in the SNAP program, each serving some towns. */
export async function seedAgencies(tx: Tx, w: World): Promise<void> {
  const towns = (...names: string[]) => CT_TOWNS.filter((t) => names.includes(t.city));
  const plan = [
    {
      programIdx: 0,
      name: 'North Central Area Agency on Aging',
      code: 'NCAAA',
      towns: towns(
        'Hartford',
        'West Hartford',
        'East Hartford',
        'New Britain',
        'Bristol',
        'Manchester',
        'Vernon',
        'Enfield',
        'Simsbury',
        'Glastonbury',
        'Stafford Springs',
      ),
      funding: 4_000_000,
    },
    {
      programIdx: 0,
      name: 'South Central Agency on Aging',
      code: 'SCAA',
      towns: towns(
        'New Haven',
        'Hamden',
        'Meriden',
        'Wallingford',
        'Milford',
        'Guilford',
        'Middletown',
        'Old Saybrook',
      ),
      funding: 3_500_000,
    },
    {
      programIdx: 0,
      name: 'Eastern CT Senior Resources',
      code: 'ECSR',
      towns: towns('Norwich', 'New London', 'Groton', 'Willimantic', 'Storrs', 'Putnam', 'Danielson'),
      funding: 2_500_000,
    },
    {
      programIdx: 0,
      name: 'Western CT Agency on Aging',
      code: 'WCAA',
      towns: towns('Waterbury', 'Danbury', 'Torrington', 'Litchfield', 'Bridgeport', 'Stamford', 'Norwalk', 'Shelton'),
      funding: 3_000_000,
    },
    {
      programIdx: 1,
      name: 'Hartford Food Access Network',
      code: 'HFAN',
      towns: towns(
        'Hartford',
        'East Hartford',
        'West Hartford',
        'New Britain',
        'Manchester',
        'Bristol',
        'Enfield',
        'Vernon',
      ),
      funding: 2_000_000,
    },
    {
      programIdx: 1,
      name: 'New Haven Market Partners',
      code: 'NHMP',
      towns: towns('New Haven', 'Hamden', 'Bridgeport', 'Milford', 'Meriden', 'Waterbury', 'Norwalk', 'Stamford'),
      funding: 1_800_000,
    },
  ];
  w.agency = plan.map(({ programIdx, name, code, towns }) => ({
    uuid: w.rng.uuid(),
    programIdx,
    name,
    code,
    towns,
    id: 0,
  }));
  const ids = await insertKeyed(
    tx,
    agencies,
    w.agency.map((a, i) => ({
      uuid: a.uuid,
      programId: w.program[a.programIdx]!.id,
      name: a.name,
      code: a.code,
      fundingAmount: money(plan[i]!.funding),
      fundingAlert: 1,
      fundingDate: addDays(w.today, -380 + i * 3),
      createdAt: atLocalTime(addDays(w.today, -400 + i), 10, 0),
    })),
    agencies.uuid,
    agencies.id,
  );
  for (const a of w.agency) a.id = ids.get(a.uuid) ?? 0;
}

/** Application 1, the public senior farmers market form (GET /account-api/application/1), open for the first program. */
export async function seedApplication(tx: Tx, w: World): Promise<void> {
  await tx.insert(applications).values({
    id: 1,
    name: 'Connecticut Senior Farmers Market Nutrition Program Application',
    descr:
      '<p>The <strong>Senior Farmers Market Nutrition Program</strong> gives eligible Connecticut residents aged 60 ' +
      'and over benefits to buy fresh, locally grown fruits, vegetables, honey and herbs at participating farmers ' +
      'markets and farm stands.</p><p>Complete the form below. An agency near you will contact you about your ' +
      'eligibility.</p>',
    active: true,
    createdAt: atLocalTime(addDays(w.today, -420), 9, 0),
  });
  await tx.insert(applicationPrograms).values({ applicationId: 1, programId: w.program[0]!.id });
}

/** Farm stands, markets and bakeries across Connecticut, with their three addresses, bank details and programs. */
export async function seedMerchants(tx: Tx, w: World): Promise<void> {
  const { rng, sealKeys, today } = w;
  w.merchant = buildMerchants(rng);
  const ids = await insertKeyed(
    tx,
    merchants,
    w.merchant.map((m, i) => {
      const taxId = seal(rng.digits(9), sealKeys);
      return {
        uuid: m.uuid,
        merchantIdentifier: m.identifier,
        statusId: m.statusId,
        name: m.name,
        fnsNumber: i % 7 === 6 ? null : String(rng.int(1_000_000, 9_999_999)),
        email: `${slug(m.name)}@example.com`,
        taxIdEncrypted: taxId.encrypted,
        taxIdLast4: taxId.last4,
        taxClassId: rng.pick(Object.values(TAX_CLASS)),
        tinTypeId: i % 4 === 0 ? TIN_TYPE.SSN : TIN_TYPE.EIN,
        businessPhone: phone(rng),
        mobilePhone: phone(rng),
        latitude: m.latitude.toFixed(6),
        longitude: m.longitude.toFixed(6),
        creationChannel: rng.pick(['API', 'WEB', 'FILE']),
        createdAt: atLocalTime(addDays(today, -rng.int(380, 700)), 11, 0),
      };
    }),
    merchants.uuid,
    merchants.id,
  );
  for (const m of w.merchant) m.id = ids.get(m.uuid) ?? 0;

  await insertRows(
    tx,
    merchantAddresses,
    w.merchant.flatMap((m, i) => {
      const registered = {
        merchantId: m.id,
        kind: 'registered',
        address1: m.address1,
        address2: null,
        city: m.town.city,
        stateCode: 'CT',
        zipcode: m.zipcode,
        // The merchant's own point (near the town centre): a given pair, as decision 0022 keeps given coordinates.
        latitude: m.latitude.toFixed(6),
        longitude: m.longitude.toFixed(6),
      };
      // Some merchants get their mail at a post office box in the same town.
      const mailing = i % 3 === 0 ? { address1: `PO Box ${rng.int(100, 9999)}` } : {};
      return [registered, { ...registered, kind: 'physical' }, { ...registered, ...mailing, kind: 'mailing' }];
    }),
  );
  await insertRows(
    tx,
    merchantBankAccounts,
    w.merchant
      .filter((_, i) => i % 10 !== 9) // a few merchants have not given their bank details yet
      .map((m) => {
        const account = seal(rng.digits(rng.int(8, 12)), sealKeys);
        // A valid ABA check digit (decision 0057), from the same draw of the generator as before.
        const routingDigits = `0${rng.digits(8).slice(0, 7)}`;
        const routing = seal(`${routingDigits}${routingCheckDigit(routingDigits)}`, sealKeys);
        return {
          uuid: rng.uuid(),
          merchantId: m.id,
          bankName: rng.pick(BANK_NAMES),
          accountNumberEncrypted: account.encrypted,
          accountNumberLast4: account.last4,
          routingNumberEncrypted: routing.encrypted,
          routingNumberLast4: routing.last4,
          accountTypeId: rng.chance(0.8) ? 0 : 1,
          firstName: rng.pick(FIRST_NAMES),
          middleName: rng.chance(0.4) ? rng.pick(MIDDLE_INITIALS) : null,
          lastName: rng.pick(LAST_NAMES),
        };
      }),
  );
  await insertRows(
    tx,
    merchantPrograms,
    w.merchant.flatMap((m) =>
      m.programIdx.map((p) => ({
        merchantId: m.id,
        programId: w.program[p]!.id,
        statusId: m.mappingActive ? MERCHANT_PROGRAM_STATUS.ACTIVE : MERCHANT_PROGRAM_STATUS.INACTIVE,
      })),
    ),
  );
  w.shopsOf = w.program.map((_, p) =>
    w.merchant
      .map((m, i) => ({ m, i }))
      .filter(({ m }) => m.statusId === MERCHANT_STATUS.ACTIVE && m.mappingActive && m.programIdx.includes(p))
      .map(({ i }) => i),
  );
}

function buildMerchants(rng: Random): MerchantSeed[] {
  const out: MerchantSeed[] = [];
  const names = new Set<string>();
  const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
  for (let i = 0; i < SIZES.merchants; i++) {
    const town = CT_TOWNS[i % CT_TOWNS.length]!;
    let name: string;
    do {
      const roll = rng.int(0, 9);
      if (roll < 2) name = `${town.city} Farmers Market`;
      else if (roll < 3) name = `${rng.pick(LAST_NAMES).replace("'", '')} Family Bakery`;
      else name = `${rng.pick(FARM_WORDS)} ${rng.pick(FARM_KINDS)}`;
    } while (names.has(name));
    names.add(name);
    const market = name.endsWith('Market');
    out.push({
      uuid: rng.uuid(),
      identifier: `CT${100_101 + i * 13}`,
      name,
      town,
      zipcode: rng.pick(town.zipcodes),
      address1: `${rng.int(1, market ? 300 : 2400)} ${rng.pick(STREETS)}`,
      // Near the town centre, inside Connecticut's box (latitude 41.0-42.05, longitude -73.7 to -71.8).
      latitude: clamp(town.latitude + (rng.next() - 0.5) * 0.06, 41.0, 42.05),
      longitude: clamp(town.longitude + (rng.next() - 0.5) * 0.08, -73.7, -71.8),
      statusId: i % 12 === 11 ? MERCHANT_STATUS.INACTIVE : MERCHANT_STATUS.ACTIVE,
      // Every town's first merchant takes both programs; the others both or one.
      programIdx: i < CT_TOWNS.length ? [0, 1] : rng.weighted([[0, 1], [0], [1]], [5, 3, 2]),
      mappingActive: i % 17 !== 5,
      mcc: market ? '5499' : name.includes('Bakery') ? '5462' : rng.pick(['5499', '5431']),
      terminalId: `T${String(70_000 + i * 11).padStart(7, '0')}`,
      id: 0,
    });
  }
  return out;
}

/** Two incentives per program: current, not yet started, open-ended and already ended. */
export async function seedIncentives(tx: Tx, w: World): Promise<void> {
  const { today, program } = w;
  const plan = [
    {
      programIdx: 0,
      fundingId: program[0]!.fundingIds[1]!,
      name: 'Senior Fresh Match',
      startDay: addDays(today, -330),
      endDay: addDays(today, 200),
      rates: ['100.00', '20.00', '60.00', '10.00', '1.50', '2.25'],
    },
    {
      programIdx: 0,
      fundingId: program[0]!.fundingIds[1]!,
      name: 'Fall Harvest Bonus',
      startDay: addDays(today, 20),
      endDay: addDays(today, 120),
      rates: ['50.00', '10.00', '30.00', '5.00', '0.00', '1.00'],
    },
    {
      programIdx: 1,
      fundingId: program[1]!.fundingIds[0]!,
      name: 'SNAP Double Up Bucks',
      startDay: addDays(today, -380),
      endDay: null,
      rates: ['100.00', '20.00', '80.00', '0.00', '2.00', '2.50'],
    },
    {
      programIdx: 1,
      fundingId: program[1]!.fundingIds[2]!,
      name: 'Fruit and Vegetable Bonus',
      startDay: addDays(today, -240),
      endDay: addDays(today, -20),
      rates: ['25.00', '0.00', '40.00', '5.00', '1.25', '0.00'],
    },
  ];
  w.incentive = plan.map(({ programIdx, fundingId, name, startDay, endDay, rates }) => {
    const [matchRate, accrualMaxDay, accrualMaxMonth, accrualMaxTrx, accrualFeeRate, redemptionFeeRate] = rates;
    return {
      uuid: w.rng.uuid(),
      programIdx,
      fundingId,
      name,
      startDay,
      endDay,
      matchRate: matchRate!,
      accrualMaxDay: accrualMaxDay!,
      accrualMaxMonth: accrualMaxMonth!,
      accrualMaxTrx: accrualMaxTrx!,
      accrualFeeRate: accrualFeeRate!,
      redemptionFeeRate: redemptionFeeRate!,
      id: 0,
    };
  });
  const ids = await insertKeyed(
    tx,
    incentives,
    w.incentive.map((x) => ({
      uuid: x.uuid,
      programId: program[x.programIdx]!.id,
      fundingSourceId: x.fundingId,
      name: x.name,
      startDate: x.startDay,
      endDate: x.endDay,
      matchRate: x.matchRate,
      accrualMaxDay: x.accrualMaxDay,
      accrualMaxMonth: x.accrualMaxMonth,
      accrualMaxTrx: x.accrualMaxTrx,
      accrualFeeRate: x.accrualFeeRate,
      redemptionFeeRate: x.redemptionFeeRate,
      createdAt: atLocalTime(addDays(x.startDay, -14), 9, 30),
    })),
    incentives.uuid,
    incentives.id,
  );
  for (const x of w.incentive) x.id = ids.get(x.uuid) ?? 0;
}

/** Configuration keys with a history: values in force, superseded ones and changes scheduled for the future. */
export async function seedConfig(tx: Tx, w: World): Promise<void> {
  const entry = (configKey: string, configValue: string, daysFromToday: number) => {
    const effectiveDate = addDays(w.today, daysFromToday);
    const at =
      daysFromToday < 0 ? atLocalTime(addDays(effectiveDate, -7), 15, 30) : new Date(w.now.getTime() - 2 * 86_400_000);
    return { configKey, configValue, effectiveDate, createdAt: at, updatedAt: at };
  };
  await insertRows(tx, configEntries, [
    entry('benefit.expiringSoonDays', '14', -400),
    entry('benefit.maxAmount', '9999.99', -400),
    // The benefit life-cycle job reads it (decision 0011); 90 is also its default when no value is in force.
    entry('benefit.expungeDays', '90', -400),
    entry('session.idleTimeoutMinutes', '20', -400),
    entry('program.defaultFundingSources', 'USDA,State Funds', -400),
    entry('program.defaultFundingSources', 'USDA,State Funds,Private Donations', 45),
    entry('pan.defaultMaxPrintedPans', '250', -380),
    entry('pan.defaultMaxPrintedPans', '500', -120),
    entry('pan.defaultMaxPrintedPans', '750', 30),
    entry('merchant.locatorRadiusMiles', '25', -300),
    entry('merchant.locatorRadiusMiles', '30', -15),
    entry('notification.fromAddress', 'no-reply@marketlink.example', -400),
    entry('application.ct.agreementVersion', '2025-1', -300),
    entry('application.ct.agreementVersion', '2026-1', 60),
    entry('transaction.apiVersion', '2.0', -365),
    entry('transaction.apiVersion', '2.1', -180),
    entry('support.hours', 'Mon-Fri 8:30-16:30 ET', -200),
    // Every demo program settles its merchants daily at the default cut-off (docs/settlement.md, decision 0068).
    entry('settlement.enabled', 'true', -400),
  ]);
}
