import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { MERCHANT_STATUS } from '@ebt/core/enums';
import { MERCHANT_FILE_COLUMNS, type MerchantFileColumn } from '@ebt/core/merchants';
import { PRIVILEGE } from '@ebt/core/privileges';
import { merchantAddresses, merchantPrograms, merchants } from '../../db/schema/index.js';
import { callerProgramsQuery } from '../../platform/caller-programs.js';
import type { CallerContext } from '../../platform/context.js';
import { csvLine } from '../../platform/import-sample.js';

// GET /merchant-api/merchant/file/sample: the sample the upload page offers, built from the caller's own data, so every
// row is one the upload accepts (platform/import-sample.test.ts): the short name of one of their programs, new
// identifiers of its own (a sample downloaded twice adds twice), and for 03 and 04 merchants mapped to that program.
// Importing the sample as it is never changes a real merchant's data (decision 0027): the 04 row repeats a merchant as
// it is, the 03 row is written only for a merchant already inactive, and there is no 05 row (a bank change is never a
// no-op: it would send a real merchant's payments to the sample's account); the bank columns are shown on the 01 row,
// a new merchant's own account, and docs/merchant-file.md describes 05. Rows and cells the caller may not apply are
// left out: 03 and 04 without MERCHANT_UPDATE, the tax and bank cells without BANK_VIEW.

type Row = Partial<Record<MerchantFileColumn, string>>;

export async function merchantFileSample(ctx: CallerContext): Promise<string> {
  const { privileges } = ctx.caller;
  const bankView = privileges.has(PRIVILEGE.BANK_VIEW);
  const canUpdate = privileges.has(PRIVILEGE.MERCHANT_UPDATE);
  const programs = (await callerProgramsQuery(ctx)).sort((a, b) => a.id - b.id);
  const lines = [csvLine(MERCHANT_FILE_COLUMNS.map((c) => c.header))];
  const write = (row: Row) => lines.push(csvLine(MERCHANT_FILE_COLUMNS.map((c) => row[c.key] ?? '')));
  const program = programs[0];
  if (!program) return lines.join('\r\n') + '\r\n';

  const tag = randomBytes(4).toString('hex').toUpperCase();
  const common = { program: program.shortName, businessPhone: '(860) 555-0100', mobilePhone: '860-555-0101' };
  const tax: Row = bankView ? { taxId: '123456789', tinType: 'EIN', taxClass: 'LLC' } : {};
  // The new merchant's own bank account (the layout of code 05's cells), for those who may see bank data.
  const bankCells: Row = bankView
    ? {
        bankName: 'Sample Community Bank',
        bankAccountNumber: '000123456789',
        bankRoutingNumber: '011000015',
        bankAccountType: 'Checking',
        holderFirstName: 'Sample',
        holderLastName: 'Holder',
      }
    : {};
  write({
    actionCode: '01',
    ...common,
    merchantName: 'Sample Farm Stand',
    email: `farmstand-${tag.toLowerCase()}@example.com`,
    ...tax,
    ...bankCells,
    address1: '100 Main Street',
    city: 'Hartford',
    state: 'CT',
    zip: '06103',
  });
  write({
    actionCode: '02',
    ...common,
    merchantIdentifier: `SMP${tag}`,
    merchantName: 'Sample Winter Market',
    fnsNumber: '7654321',
    email: `market-${tag.toLowerCase()}@example.com`,
    address1: '200 Elm Street',
    address2: 'Suite 2',
    city: 'New Haven',
    state: 'CT',
    zip: '06510',
    latitude: '41.306000',
    longitude: '-72.925000',
    mailingAddress1: 'PO Box 200',
    mailingCity: 'New Haven',
    mailingState: 'CT',
    mailingZip: '06510',
  });
  if (!canUpdate) return lines.join('\r\n') + '\r\n';

  // Merchants of the program that the form's rules accept as they are (e-mail and both phones stored).
  const known = await ctx.db
    .select({
      id: merchants.id,
      identifier: merchants.merchantIdentifier,
      statusId: merchants.statusId,
      name: merchants.name,
      fnsNumber: merchants.fnsNumber,
      email: merchants.email,
      businessPhone: merchants.businessPhone,
      mobilePhone: merchants.mobilePhone,
    })
    .from(merchants)
    .innerJoin(merchantPrograms, eq(merchantPrograms.merchantId, merchants.id))
    .where(
      and(
        eq(merchantPrograms.programId, program.id),
        isNotNull(merchants.email),
        isNotNull(merchants.businessPhone),
        isNotNull(merchants.mobilePhone),
      ),
    )
    .orderBy(desc(merchants.statusId), asc(merchants.id))
    .limit(3);
  const [disable, update] = known;
  if (disable && disable.statusId === MERCHANT_STATUS.INACTIVE)
    write({ actionCode: '03', program: program.shortName, merchantIdentifier: disable.identifier });
  if (update) {
    const addresses = await ctx.db
      .select()
      .from(merchantAddresses)
      .where(inArray(merchantAddresses.merchantId, [update.id]));
    const row: Row = {
      actionCode: '04',
      program: program.shortName,
      merchantIdentifier: update.identifier,
      merchantName: update.name,
      fnsNumber: update.fnsNumber ?? '',
      email: update.email ?? '',
      businessPhone: update.businessPhone ?? '',
      mobilePhone: update.mobilePhone ?? '',
    };
    for (const a of addresses) {
      const key = (name: string) =>
        (a.kind === 'registered' ? name : `${a.kind}${name[0]!.toUpperCase()}${name.slice(1)}`) as MerchantFileColumn;
      Object.assign(row, {
        [key('address1')]: a.address1,
        [key('address2')]: a.address2 ?? '',
        [key('city')]: a.city,
        [key('state')]: a.stateCode,
        [key('zip')]: a.zipcode,
        [key('latitude')]: a.latitude ?? '',
        [key('longitude')]: a.longitude ?? '',
      });
    }
    write(row);
  }
  return lines.join('\r\n') + '\r\n';
}
