import { hashPassword, normalizeAnswer } from '../platform/passwords.js';
import type { Db } from '../db/client.js';
import { seedDemoTerminal } from './terminals.js';
import { seedFarmerApplication, seedFarmerApplicationSettings } from './farmer-applications.js';
import { seedNotifications, seedStaffNotifications, simulateTransactions, writeTransactions } from './activity.js';
import { expungeBenefits, planBenefits, planEnrolments, writeBenefits, writeEnrolments } from './benefits.js';
import { localDay } from './calendar.js';
import {
  DEMO_PASSWORD,
  DEMO_SECURITY_ANSWER,
  type SeedKeys,
  type SeedOptions,
  type SeedSummary,
  SIZES,
  type World,
} from './model.js';
import {
  seedAgencies,
  seedApplication,
  seedConfig,
  seedIncentives,
  seedMerchants,
  seedPrograms,
} from './organisations.js';
import { rebuildIssuanceRollups } from '../platform/issuance-totals.js';
import { rebuildDashboardTotals } from '../modules/dashboard/index.js';
import { createRandom } from './random.js';
import {
  planPans,
  planRecipients,
  seedApplicants,
  seedExternalCards,
  writePans,
  writeRecipients,
  writeSampleRecipients,
} from './recipients.js';
import { seedSettlement } from './settlement.js';
import { seedUsers } from './users.js';

/** The seed of the random stream: change it and every name, amount and card number changes. */
const SEED = 20_260_101;

/**
 * Loads the demo data set (runtime-contract.md "Demo data") into a database that has the migrations and the
 * reference data (ensureReferenceData). Deterministic for a given `now`: a seeded random stream, no Math.random.
 * All in one database transaction, so a failure leaves the database empty and the next start tries again.
 *
 * Steps that depend on each other are planned in memory first (recipients, PANs, enrolments, benefits), then the card
 * history is replayed through the transaction engine's rules (replay.ts) and written with its writer, so balances,
 * incentives earned, clawbacks and the roll-ups are the ones the engine's transactions imply.
 */
export async function seedDemoData(db: Db, keys: SeedKeys, options: SeedOptions = {}): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  // argon2id is deliberately slow (about 20 ms): hash the shared password and answer once and reuse the hashes.
  const [password, answer] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(normalizeAnswer(DEMO_SECURITY_ANSWER)),
  ]);
  const w: World = {
    now,
    today: localDay(now),
    rng: createRandom(SEED),
    sealKeys: { hmacKey: keys.panHmacKey, encryptionKey: keys.dataEncryptionKey, pinKeys: keys.pinKeys },
    program: [],
    agency: [],
    merchant: [],
    shopsOf: [],
    incentive: [],
    account: [],
    user: [],
    pan: [],
    enrolment: [],
    benefit: [],
    trx: [],
    usedEmails: new Set(),
    r01: 0,
    r01b: 0,
  };

  return db.transaction(async (tx) => {
    await seedPrograms(tx, w);
    await seedAgencies(tx, w);
    await seedApplication(tx, w);
    await seedFarmerApplicationSettings(tx, w);
    await seedMerchants(tx, w);
    await seedFarmerApplication(tx, w);
    await seedIncentives(tx, w);

    planRecipients(w);
    await seedUsers(tx, w, { password, answer });
    planPans(w);
    planEnrolments(w);
    planBenefits(w);

    await writeRecipients(tx, w);
    await writeSampleRecipients(tx, w);
    await writePans(tx, w);
    await seedDemoTerminal(tx, w);
    await writeEnrolments(tx, w);
    // The card history through the engine's rules (decision 0079), once every row a call names has its id.
    simulateTransactions(w);
    await writeBenefits(tx, w);
    // The benefits are written in bulk, not through the issue service: compute their funding roll-up once.
    await rebuildIssuanceRollups(tx);
    await writeTransactions(tx, w);
    await expungeBenefits(tx);
    // The transactions are written in bulk too: compute the dashboard's daily roll-ups once (decision 0053).
    await rebuildDashboardTotals(tx);
    await seedApplicants(tx, w);
    await seedExternalCards(tx, w);
    const notificationCount = await seedNotifications(tx, w);
    await seedStaffNotifications(tx, w);
    await seedConfig(tx, w);
    await seedSettlement(tx, w);

    return {
      programs: w.program.length,
      agencies: w.agency.length,
      users: w.user.length,
      recipients: w.account.length,
      benefits: w.benefit.length,
      pans: w.pan.length,
      merchants: w.merchant.length,
      transactions: w.trx.length,
      notifications: notificationCount,
      applicants: SIZES.applicants,
    };
  });
}
