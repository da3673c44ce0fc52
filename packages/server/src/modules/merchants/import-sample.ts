import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { MERCHANT_FILE_COLUMNS, type MerchantFileColumn } from '@ebt/core/merchants';
import { PRIVILEGE } from '@ebt/core/privileges';
import { merchantAddresses, merchantPrograms, merchants } from '../../db/schema/index.js';
import { callerProgramsQuery } from '../../platform/caller-programs.js';
import type { CallerContext } from '../../platform/context.js';
import { csvLine } from '../../platform/import-sample.js';

// GET /merchant-api/merchant/file/sample: the sample the upload page offers, built from the caller's own data, so every
// row is one the upload accepts (platform/import-sample.test.ts): the short name of one of their programs, new
// identifiers of its own (a sample downloaded twice adds twice), and for 03, 04 and 05 merchants mapped to that
// program. The 04 row repeats the merchant as it is and the 03 row prefers a merchant already inactive, so importing
// the sample as it is never changes a real merchant's data; the 05 row does set a (sample) bank account. Rows the
// caller may not apply are left out: 03-05 without MERCHANT_UPDATE, 05 and the tax cells without BANK_VIEW.

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
  write({
    actionCode: '01',
    ...common,
    merchantName: 'Sample Farm Stand',
    email: `farmstand-${tag.toLowerCase()}@example.com`,
    ...tax,
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
  const [disable, update, bank] = known;
  if (disable) write({ actionCode: '03', program: program.shortName, merchantIdentifier: disable.identifier });
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
  if (bank && bankView)
    write({
      actionCode: '05',
      program: program.shortName,
      merchantIdentifier: bank.identifier,
      bankName: 'Sample Community Bank',
      bankAccountNumber: '000123456789',
      bankRoutingNumber: '011000015',
      bankAccountType: 'Checking',
      holderFirstName: 'Sample',
      holderLastName: 'Holder',
    });
  return lines.join('\r\n') + '\r\n';
}
