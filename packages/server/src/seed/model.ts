import type { Random } from './random.js';
import type { Town } from './names.js';
import type { ActiveEnrolment } from '../modules/incentives/index.js';
import type { TransactionRecord } from '../modules/pos/index.js';
import type { PinKeys } from '../platform/pin.js';

/** Keys of platform/crypto.ts: card, bank and tax numbers are sealed exactly as the API seals them. */
export interface SeedKeys {
  panHmacKey: Buffer;
  dataEncryptionKey: Buffer;
  /** The card PINs' key (platform/pin.ts): every demo card has a PIN, kept as the portal keeps it. */
  pinKeys: PinKeys;
}

export interface SeedOptions {
  /** The moment the data set is built around (default: now). Same `now`, same data. */
  now?: Date;
}

/** Rows written per table, as seedDemoData answers them (logged at start-up). */
export interface SeedSummary {
  programs: number;
  agencies: number;
  users: number;
  recipients: number;
  benefits: number;
  pans: number;
  merchants: number;
  transactions: number;
  notifications: number;
  applicants: number;
}

/** Everyone's demo password (runtime-contract.md). */
export const DEMO_PASSWORD = 'Welcome#2026';
/** Every seeded user past Pending has this answer to security question 1 ('...town where you were born?'). */
export const DEMO_SECURITY_QUESTION_ID = 1;
export const DEMO_SECURITY_ANSWER = 'Hartford';
/**
 * A point-of-sale terminal at recipient01's nearest merchant in the SNAP-incentive program, and recipient01's Active
 * card there (this nine-digit account number after the program's prefix 900100002: 9001000021000000013 with its
 * check digit), so `npm run pos` works against the demo data (docs/transaction-engine.md). Demo data only, like the
 * demo password: a real terminal's secret is random and shown once.
 */
export const DEMO_TERMINAL = { terminalId: 'DEM0TERM0001', secret: 'demo-terminal-secret-not-for-production' } as const;
export const DEMO_CARD_ACCOUNT_NUMBER = '100000001';
/**
 * The PIN of recipient01's cards (the demo card's included), which the demo programs ask for at every purchase and
 * balance inquiry (docs/transaction-engine.md "PIN"). Every other demo card has a PIN of its own (recipients.ts).
 */
export const DEMO_CARD_PIN = '4826';
export const DEMO_USERNAMES = [
  'sysadmin01',
  'progadmin01',
  'agencyadmin01',
  'agencyuser01',
  'recipient01',
  'farmer01',
] as const;
/** The demo farmer user: sells for the demo terminal's merchant (docs/farmer-app.md). */
export const DEMO_FARMER = 'farmer01';

export const SIZES = {
  recipients: 500,
  benefits: 2000,
  merchants: 60,
  externalCards: 30,
  applicants: 40,
  /** Card activity events simulated; each becomes one transaction (purchase, refund, inquiry or decline). */
  transactionEvents: 5400,
} as const;

// Plain records, built in memory first so balances can be simulated before anything is written. Cross references
// are indexes into the World arrays; `id` is filled in once the row is inserted.

export interface ProgramSeed {
  id: number;
  shortName: string;
  name: string;
  binAndSeries: string;
  benefitDays: number | null;
  incentiveDays: number;
  defaultAmountCents: number | null;
  fundingIds: number[];
  agencyIdx: number[];
}

export interface AgencySeed {
  uuid: string;
  programIdx: number;
  name: string;
  code: string;
  towns: readonly Town[];
  id: number;
}

export interface PersonSeed {
  firstName: string;
  middleName: string | null;
  lastName: string;
  address1: string;
  address2: string | null;
  town: Town;
  zipcode: string;
  email: string;
  mobilePhone: string;
}

export interface AccountSeed extends PersonSeed {
  uuid: string;
  programIdx: number;
  agencyIdx: number | null;
  identifier: string;
  statusId: number;
  accountTypeId: number;
  cardIssuance: boolean;
  creationChannel: string;
  createdDay: string;
  userIdx: number | null;
  activePanIdx: number | null;
  favoriteMerchants: number[];
  benefitIdx: number[];
  id: number;
}

export interface UserSeed {
  uuid: string;
  username: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  email: string;
  mobile: string;
  roleId: number;
  statusId: number;
  programIdx: number[];
  agencyIdx: number[];
  id: number;
}

export interface BenefitSeed {
  uuid: string;
  accountIdx: number;
  programIdx: number;
  typeId: number;
  statusId: number;
  incentiveIdx: number | null;
  fundingId: number;
  authorizationNumber: string;
  availableDay: string;
  expirationDay: string;
  amountCents: number;
  /** What it held when written: its amount (a refund's new benefit: nothing, the refund credits it). */
  openingCents: number;
  /** What it holds as the card history is replayed (replay.ts); the written balance once the history's moves apply. */
  balanceCents: number;
  note: string | null;
  benefitOptionId: number | null;
  notified: boolean;
  creationChannel: string;
  createdAt: Date;
  id: number;
}

export interface MerchantSeed {
  uuid: string;
  identifier: string;
  name: string;
  town: Town;
  zipcode: string;
  address1: string;
  latitude: number;
  longitude: number;
  statusId: number;
  /** Programs the merchant is mapped to; `mappingActive` false makes every mapping Inactive. */
  programIdx: number[];
  mappingActive: boolean;
  mcc: string;
  terminalId: string;
  id: number;
}

export interface PanSeed {
  accountIdx: number;
  programIdx: number;
  pan: string;
  typeId: number;
  statusId: number;
  activeDay: string;
  expirationDay: string;
  /** The card's PIN, which its history's calls send (replay.ts); stored only as its keyed hash. */
  pin: string;
  id: number;
}

/** Rates and caps as the incentives table holds them ('5.25'; '0.00' no maximum): the engine's accrual reads them. */
type IncentiveTerms = Pick<
  ActiveEnrolment,
  'matchRate' | 'accrualMaxDay' | 'accrualMaxMonth' | 'accrualMaxTrx' | 'accrualFeeRate' | 'redemptionFeeRate'
>;

export interface IncentiveSeed extends IncentiveTerms {
  uuid: string;
  programIdx: number;
  fundingId: number;
  name: string;
  startDay: string;
  endDay: string | null;
  id: number;
}

export interface EnrolmentSeed {
  accountIdx: number;
  incentiveIdx: number;
  startDay: string;
  endDay: string | null;
  id: number;
}

/** A benefit a transaction moved: `deltaCents` changes its balance, `cents` is recorded (transaction_benefits). */
export interface Draw {
  benefitIdx: number;
  cents: number;
  deltaCents: number;
  /** A refund's credit: the benefit the purchase debited that it gives back for. */
  originalBenefitIdx?: number;
}

/**
 * A transaction of the demo's card history as the engine decided it (seed/replay.ts, decision 0079): the engine's
 * own record (ids filled from the rows written before the replay) and the benefits it moved, by index, since the
 * benefits are written after it. Links to other rows are by uuid, resolved when written.
 */
export interface TrxSeed {
  record: TransactionRecord & { uuid: string };
  accountIdx: number;
  programIdx: number;
  panIdx: number;
  merchantIdx: number;
  draws: Draw[];
  /** The purchase a refund or accrual follows from, the accrual a clawback takes from. */
  originalUuid?: string;
  /** The call whose row caused this one (an accrual's purchase, a clawback's refund or reversal). */
  causedByUuid?: string;
  /** A reversal: the uuid of the purchase it reverses. */
  reversalOf?: string;
  /** An order delivered to the recipient's home (the delivery address block of the detail). */
  delivered?: boolean;
}

/** Everything the seed steps share: the clock, the random stream, the keys and the records built so far. */
export interface World {
  now: Date;
  today: string;
  rng: Random;
  sealKeys: { hmacKey: Buffer; encryptionKey: Buffer; pinKeys: PinKeys };
  program: ProgramSeed[];
  agency: AgencySeed[];
  merchant: MerchantSeed[];
  /** Per program: merchant indexes where its recipients can shop (active merchant, active mapping). */
  shopsOf: number[][];
  incentive: IncentiveSeed[];
  account: AccountSeed[];
  user: UserSeed[];
  pan: PanSeed[];
  enrolment: EnrolmentSeed[];
  benefit: BenefitSeed[];
  trx: TrxSeed[];
  usedEmails: Set<string>;
  /** recipient01's accounts: in the first program and in the second. */
  r01: number;
  r01b: number;
}
