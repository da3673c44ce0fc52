import {
  applicationNumber,
  type DuplicateField,
  type FarmerApplicationDuplicate,
  type FarmerApplicationStatus,
} from '@ebt/core/farmer-applications';
import type { DbOrTx } from '../../db/client.js';
import type { Config } from '../../config.js';
import type { Caller } from '../../platform/caller.js';
import { decrypt } from '../../platform/crypto.js';
import {
  type ApplicationRow,
  applicationDuplicateCandidates,
  type DuplicateProbe,
  merchantDuplicateCandidates,
} from './queries.js';
import { keyring } from './view.js';

// The duplicates of an application (docs/decisions/0111): other applications and merchants with the same e-mail (any
// case), tax id, bank account (account and routing number) or farm address (first line, any case, and the 5-digit
// ZIP). Tax ids and accounts are sealed, so the candidates are found by their last four (indexed) and their numbers
// opened and compared here: two statements in all, never one per candidate. Nothing whole leaves this file.

function opener(config: Config) {
  const keys = keyring(config);
  return (sealed: string | null | undefined): string | null => {
    if (!sealed) return null;
    try {
      return decrypt(sealed, keys);
    } catch {
      return null; // sealed by a key no longer configured: cannot be compared
    }
  };
}

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

export async function findDuplicates(
  db: DbOrTx,
  caller: Caller,
  config: Config,
  app: ApplicationRow,
): Promise<FarmerApplicationDuplicate[]> {
  const probe: DuplicateProbe = {
    id: app.id,
    merchantId: app.merchantId,
    email: app.email,
    taxIdLast4: app.taxIdLast4,
    accountNumberLast4: app.accountNumberLast4,
    address1: app.address1,
    zipcode: app.zipcode,
  };
  const [applications, merchants] = await Promise.all([
    applicationDuplicateCandidates(db, caller, probe),
    merchantDuplicateCandidates(db, caller, probe),
  ]);
  const open = opener(config);
  const taxId = open(app.taxIdEncrypted);
  const account = open(app.accountNumberEncrypted);
  const routing = open(app.routingNumberEncrypted);
  const sameTax = (lastFour: string | null, sealed: string | null) =>
    lastFour === app.taxIdLast4 && taxId !== null && open(sealed) === taxId;
  const sameBank = (lastFour: string | null, sealedAccount: string | null, sealedRouting: string | null) =>
    lastFour === app.accountNumberLast4 &&
    account !== null &&
    open(sealedAccount) === account &&
    open(sealedRouting) === routing;
  const zip = app.zipcode.slice(0, 5);

  const found: FarmerApplicationDuplicate[] = [];
  for (const other of applications) {
    const fields: DuplicateField[] = [];
    if (sameTax(other.taxIdLast4, other.taxIdEncrypted)) fields.push('taxId');
    if (sameBank(other.accountNumberLast4, other.accountNumberEncrypted, other.routingNumberEncrypted))
      fields.push('bankAccount');
    if (sameText(other.email, app.email)) fields.push('email');
    if (sameText(other.address1, app.address1) && other.zipcode.slice(0, 5) === zip) fields.push('address');
    if (fields.length > 0)
      found.push({
        kind: 'application',
        uuid: other.uuid,
        name: other.farmName,
        reference: applicationNumber(other.id),
        status: other.status as FarmerApplicationStatus,
        inScope: other.inScope,
        fields,
      });
  }
  for (const other of merchants) {
    const fields: DuplicateField[] = [];
    if (sameTax(other.taxIdLast4, other.taxIdEncrypted)) fields.push('taxId');
    if (sameBank(other.accountNumberLast4, other.accountNumberEncrypted, other.routingNumberEncrypted))
      fields.push('bankAccount');
    if (sameText(other.email, app.email)) fields.push('email');
    if (other.sameAddress) fields.push('address');
    if (fields.length > 0)
      found.push({
        kind: 'merchant',
        uuid: other.uuid,
        name: other.name,
        reference: other.merchantIdentifier,
        status: null,
        inScope: other.inScope,
        fields,
      });
  }
  return found;
}
