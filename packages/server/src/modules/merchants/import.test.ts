import { randomBytes } from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import type { FileImportAnswer } from '@ebt/core/imports';
import { MERCHANT_FILE_COLUMNS, MERCHANT_IMPORT_MESSAGES, type MerchantFileColumn } from '@ebt/core/merchants';
import { MESSAGES } from '@ebt/core/messages';
import { PRIVILEGE_LIST } from '@ebt/core/privileges';
import {
  auditLog,
  merchantAddresses,
  merchantBankAccounts,
  merchantPrograms,
  merchants,
  rolePrivileges,
} from '../../db/schema/index.js';
import { decrypt } from '../../platform/crypto.js';
import { useTestApp } from '../../testing/app.js';
import { multipartFile } from '../../testing/multipart.js';
import { buildWorld } from '../../testing/world.js';
import { makeMerchant } from '../../testing/merchants.js';

// POST /merchant-api/merchant/file (B§5 "Files", B§7, B§8, B§9; docs/merchant-file.md, decision 0023).

const KEY = randomBytes(32);
const t = useTestApp({ DATA_ENCRYPTION_KEY: KEY.toString('hex') });
const URL = '/merchant-api/merchant/file';

async function grant(roleId: number, codes: string[]) {
  await t.database.db
    .insert(rolePrivileges)
    .values(PRIVILEGE_LIST.filter((p) => codes.includes(p.code)).map((p) => ({ roleId, privilegeId: p.privilegeId })))
    .onConflictDoNothing();
}

async function makeWorld() {
  const world = await buildWorld(t, {
    programs: { programA: {}, programB: {} },
    agencies: { a1: { program: 'programA' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      adminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      programUserA: { roleId: ROLE.PROGRAM_USER, programs: ['programA'] },
      // Given the merchant privileges here (not by default): an importer without BANK_VIEW, and one without update.
      agencyAdminA1: { roleId: ROLE.AGENCY_ADMIN, agencies: ['a1'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      recipient: { roleId: ROLE.RECIPIENT },
    },
  });
  await grant(ROLE.AGENCY_ADMIN, ['MERCHANT_ADD', 'MERCHANT_UPDATE']);
  await grant(ROLE.AGENCY_USER, ['MERCHANT_ADD']);
  return world;
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const db = () => t.database.db;
type Row = Partial<Record<MerchantFileColumn, string>>;
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
/** A CSV with every column of the layout, in order. */
const file = (rows: Row[]) =>
  [MERCHANT_FILE_COLUMNS.map((c) => c.header), ...rows.map((r) => MERCHANT_FILE_COLUMNS.map((c) => r[c.key] ?? ''))]
    .map((cells) => cells.map(quote).join(','))
    .join('\r\n') + '\r\n';
const upload = (token: string | null, content: string | Buffer, name = 'merchants.csv') =>
  t.injectAs(token, { method: 'POST', url: URL, ...multipartFile('merchantFile', name, content) });
const answer = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FileImportAnswer;
};

let serial = 0;
/** A 01 row every rule accepts. */
function addRow(program: string, overrides: Row = {}): Row {
  const n = ++serial;
  return {
    actionCode: '01',
    program,
    merchantName: `Import Stand ${n}`,
    email: `import-${n}-${randomBytes(3).toString('hex')}@example.com`,
    businessPhone: '(860) 555-0100',
    mobilePhone: '860.555.0101',
    address1: `${n} Orchard Road`,
    city: 'Hartford',
    state: 'ct',
    zip: '06103',
    ...overrides,
  };
}
const byIdentifier = async (identifier: string) =>
  (await db().select().from(merchants).where(eq(merchants.merchantIdentifier, identifier)))[0];
const byName = async (name: string) => (await db().select().from(merchants).where(eq(merchants.name, name)))[0];
const addressesOf = (merchantId: number) =>
  db().select().from(merchantAddresses).where(eq(merchantAddresses.merchantId, merchantId));
const bankOf = async (merchantId: number) =>
  (await db().select().from(merchantBankAccounts).where(eq(merchantBankAccounts.merchantId, merchantId)))[0];
const merchantCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(merchants)
  )[0]!.n;

describe('POST /merchant-api/merchant/file: access and the file itself', () => {
  it('answers 401 without a session and 403 without MERCHANT_ADD, changing nothing', async () => {
    const content = file([addRow(w.programs.programA.shortName)]);
    const before = await merchantCount();
    expect((await upload(null, content)).statusCode).toBe(401);
    for (const token of [w.tokens.programUserA, w.tokens.recipient]) {
      const res = await upload(token, content);
      expect(res.statusCode, res.body).toBe(403);
    }
    const sample = await t.injectAs(w.tokens.programUserA, { method: 'GET', url: `${URL}/sample` });
    expect(sample.statusCode).toBe(403);
    expect(await merchantCount()).toBe(before);
  });

  it("answers 400 'You must select an input file.' with no file or an empty one", async () => {
    for (const res of [
      await t.injectAs(w.tokens.adminA, { method: 'POST', url: URL, payload: {} }),
      await upload(w.tokens.adminA, ''),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('You must select an input file.');
    }
  });

  it('answers 400 with the exact size message for a 2 MB file and changes nothing', async () => {
    const before = await merchantCount();
    const big = file([addRow(w.programs.programA.shortName)]) + 'x'.repeat(2 * 1024 * 1024);
    const res = await upload(w.tokens.adminA, big);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('Merchant file size cannot be greater than 1MB.');
    expect(await merchantCount()).toBe(before);
  });

  it("answers 422 'Invalid file content.' for a file that is not a spreadsheet, or lacks the required columns", async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]),
      randomBytes(64),
    ]);
    const notSheet = await upload(w.tokens.adminA, png, 'merchants.csv');
    expect(notSheet.statusCode, notSheet.body).toBe(422);
    expect(notSheet.json().message).toBe('Invalid file content.');

    const noAction = await upload(w.tokens.adminA, 'Merchant Name,Email\r\nStand,a@example.com\r\n');
    expect(noAction.statusCode).toBe(422);
    expect(JSON.stringify(noAction.json())).toContain('The file lacks the column(s): Action Code, Program Short Name.');

    const noRows = await upload(w.tokens.adminA, file([]));
    expect(noRows.statusCode).toBe(422);
    expect(JSON.stringify(noRows.json())).toContain(MERCHANT_IMPORT_MESSAGES.NO_DATA_ROWS);
  });
});

describe('POST /merchant-api/merchant/file: the five action codes', () => {
  it('applies 01-05 for a program admin: rows, statuses, addresses, mappings, sealed numbers, audit', async () => {
    const { programA } = w.programs;
    const toDisable = await makeMerchant(db(), { programs: [{ id: programA.id }] });
    const toUpdate = await makeMerchant(db(), { programs: [{ id: programA.id, mappingStatusId: 1 }] });
    const toBank = await makeMerchant(db(), { programs: [{ id: programA.id }], bank: null, taxId: null });
    const givenId = `GIVEN${randomBytes(4).toString('hex')}`;
    const short = programA.shortName.toLowerCase(); // any case
    const rows: Row[] = [
      addRow(short, {
        merchantName: 'Generated Id Stand',
        taxId: '987654321',
        tinType: 'ssn',
        taxClass: 'C Corp',
        latitude: '41.5',
        longitude: '-72.5',
      }),
      addRow(short, {
        actionCode: '2',
        merchantIdentifier: givenId,
        merchantName: 'Inactive Market',
        fnsNumber: '1234567',
        mailingAddress1: 'PO Box 9',
        mailingCity: 'Hartford',
        mailingState: 'CT',
        mailingZip: '06103',
        bankName: 'Farm Credit',
        bankAccountNumber: '5550001111',
        bankRoutingNumber: '021000021',
        bankAccountType: 'Savings',
        holderFirstName: 'Ann',
        holderLastName: 'Grower',
      }),
      { actionCode: '03', program: short, merchantIdentifier: toDisable.merchantIdentifier },
      addRow(short, {
        actionCode: '04',
        merchantIdentifier: toUpdate.merchantIdentifier,
        merchantName: 'Renamed By File',
        address1: '1 New Street',
        physicalAddress1: '2 Stall Lane',
        physicalCity: 'Hartford',
        physicalState: 'CT',
        physicalZip: '06103',
      }),
      {
        actionCode: '05',
        program: short,
        merchantIdentifier: toBank.merchantIdentifier,
        bankAccountNumber: '000999888777',
        bankRoutingNumber: '011000015',
        bankAccountType: '0',
        holderFirstName: 'Dana',
        holderMiddleInitial: 'Q',
        holderLastName: 'Holder',
        taxId: '111223333',
        tinType: 'EIN',
      },
    ];
    const res = answer(await upload(w.tokens.adminA, file(rows)));
    expect(res).toEqual({
      message: 'Merchant file processed.',
      processed: 5,
      added: 2,
      updated: 3,
      unchanged: 0,
      rejected: 0,
      errors: [],
      errorsTruncated: false,
    });

    // 01: active, a generated identifier, mapped (active) to the program, tax sealed, coordinates kept.
    const generated = (await byName('Generated Id Stand'))!;
    expect(generated).toMatchObject({ statusId: 0, creationChannel: 'FILE', tinTypeId: 1, taxClassId: 2 });
    expect(generated.merchantIdentifier).toMatch(/^M\d{15}$/);
    expect(generated.taxIdLast4).toBe('4321');
    expect(generated.taxIdEncrypted).not.toContain('987654321');
    expect(decrypt(generated.taxIdEncrypted!, KEY)).toBe('987654321');
    const generatedAddresses = await addressesOf(generated.id);
    expect(generatedAddresses.map((a) => a.kind).sort()).toEqual(['mailing', 'physical', 'registered']);
    for (const a of generatedAddresses)
      expect(a).toMatchObject({
        address1: rows[0]!.address1,
        stateCode: 'CT',
        zipcode: '06103',
        latitude: '41.500000',
      });
    expect(
      await db().select().from(merchantPrograms).where(eq(merchantPrograms.merchantId, generated.id)),
    ).toMatchObject([{ programId: programA.id, statusId: 0 }]);

    // 02: inactive, the given identifier, its own mailing address, the bank account sealed.
    const inactive = (await byIdentifier(givenId))!;
    expect(inactive).toMatchObject({ statusId: 1, name: 'Inactive Market', fnsNumber: '1234567' });
    const inactiveAddresses = await addressesOf(inactive.id);
    expect(inactiveAddresses.find((a) => a.kind === 'mailing')).toMatchObject({ address1: 'PO Box 9' });
    expect(inactiveAddresses.find((a) => a.kind === 'physical')).toMatchObject({ address1: rows[1]!.address1 });
    // No coordinates given: the ZIP's centre from the gazetteer, on every address and on the merchant.
    for (const a of inactiveAddresses) expect(a.latitude).toMatch(/^4\d\.\d{6}$/);
    expect(inactive.latitude).toBe(inactiveAddresses.find((a) => a.kind === 'physical')!.latitude);
    const inactiveBank = (await bankOf(inactive.id))!;
    expect(inactiveBank).toMatchObject({ accountNumberLast4: '1111', routingNumberLast4: '0021', accountTypeId: 1 });
    expect(decrypt(inactiveBank.accountNumberEncrypted!, KEY)).toBe('5550001111');

    // 03: inactive now.
    expect((await byIdentifier(toDisable.merchantIdentifier))!).toMatchObject({ statusId: 1, updationChannel: 'FILE' });

    // 04: the form's fields and addresses (blank mailing: the registered one), its mapping untouched.
    const updated = (await byIdentifier(toUpdate.merchantIdentifier))!;
    expect(updated).toMatchObject({ name: 'Renamed By File', businessPhone: '8605550100', updationChannel: 'FILE' });
    const updatedAddresses = await addressesOf(updated.id);
    expect(updatedAddresses.find((a) => a.kind === 'registered')).toMatchObject({ address1: '1 New Street' });
    expect(updatedAddresses.find((a) => a.kind === 'mailing')).toMatchObject({ address1: '1 New Street' });
    expect(updatedAddresses.find((a) => a.kind === 'physical')).toMatchObject({ address1: '2 Stall Lane' });
    expect(await db().select().from(merchantPrograms).where(eq(merchantPrograms.merchantId, updated.id))).toMatchObject(
      [{ programId: programA.id, statusId: 1 }],
    );

    // 05: the bank account and the tax id, sealed with their last four.
    const bank = (await bankOf(toBank.id))!;
    expect(bank).toMatchObject({
      accountNumberLast4: '8777',
      routingNumberLast4: '0015',
      accountTypeId: 0,
      firstName: 'Dana',
      middleName: 'Q',
    });
    expect(decrypt(bank.accountNumberEncrypted!, KEY)).toBe('000999888777');
    expect(decrypt(bank.routingNumberEncrypted!, KEY)).toBe('011000015');
    const banked = (await byIdentifier(toBank.merchantIdentifier))!;
    expect(banked).toMatchObject({ taxIdLast4: '3333', tinTypeId: 2 });

    // No clear number in any stored row or audit entry.
    const stored = JSON.stringify([
      await db().select().from(merchantBankAccounts),
      await db().select().from(merchants),
      await db().select().from(auditLog),
    ]);
    for (const clear of ['987654321', '5550001111', '000999888777', '011000015', '111223333'])
      expect(stored).not.toContain(clear);

    // One entry per changed merchant, and the file's own with its counts.
    const entries = await db()
      .select()
      .from(auditLog)
      .where(inArray(auditLog.entityId, [generated.uuid, inactive.uuid, toDisable.uuid, updated.uuid, banked.uuid]));
    expect(entries.map((e) => e.action).sort()).toEqual(['bank_update', 'create', 'create', 'status', 'update']);
    expect(entries.find((e) => e.entityId === inactive.uuid)!.after).toMatchObject({
      merchantIdentifier: givenId,
      statusId: 1,
      programId: programA.id,
      addresses: { registered: { addressOne: rows[1]!.address1 }, physical: 'registered' },
      bank: { accountMasked: '****1111', routingMasked: '****0021' },
    });
    const [fileEntry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'merchant_file'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(fileEntry!.after).toMatchObject({ processed: 5, added: 2, updated: 3, rejected: 0 });
  });

  it('counts a 04 row equal to the merchant and a 03 row for an inactive merchant as unchanged', async () => {
    const { programA } = w.programs;
    const inactive = await makeMerchant(db(), { programs: [{ id: programA.id }], statusId: 1 });
    const row = addRow(programA.shortName, { actionCode: '04', merchantIdentifier: `SAME${serial}` });
    answer(await upload(w.tokens.adminA, file([{ ...row, actionCode: '01' }])));
    const first = answer(
      await upload(
        w.tokens.adminA,
        file([row, { actionCode: '03', program: programA.shortName, merchantIdentifier: inactive.merchantIdentifier }]),
      ),
    );
    expect(first).toMatchObject({ processed: 2, updated: 0, unchanged: 2, rejected: 0 });
  });

  it('generates unique identifiers for a file of adds without them', async () => {
    const rows = Array.from({ length: 60 }, () =>
      addRow(w.programs.programA.shortName, { merchantName: 'Bulk Stand' }),
    );
    expect(answer(await upload(w.tokens.adminA, file(rows)))).toMatchObject({ added: 60, rejected: 0 });
    const made = await db().select().from(merchants).where(eq(merchants.name, 'Bulk Stand'));
    expect(made).toHaveLength(60);
    expect(new Set(made.map((m) => m.merchantIdentifier)).size).toBe(60);
    for (const m of made) expect(m.merchantIdentifier).toMatch(/^M\d{15}$/);
  });
});

describe('POST /merchant-api/merchant/file: refused rows', () => {
  it('reports a bad row by row, column and reason, writes nothing of it and applies the others', async () => {
    const { programA } = w.programs;
    const taken = await makeMerchant(db(), { programs: [{ id: programA.id }] });
    const good = addRow(programA.shortName, { merchantName: 'Good Neighbour' });
    const res = answer(
      await upload(
        w.tokens.adminA,
        file([
          good,
          addRow(programA.shortName, {
            merchantName: 'Bad Row Stand',
            email: 'not-an-email',
            zip: 'ABCDE',
            state: 'XX',
          }),
          addRow(programA.shortName, { merchantName: 'Taken Id Stand', merchantIdentifier: taken.merchantIdentifier }),
          { ...addRow(programA.shortName), actionCode: '09' },
          addRow(programA.shortName, { merchantName: 'Twice', merchantIdentifier: 'TWICE-1' }),
          addRow(programA.shortName, { merchantName: 'Twice again', merchantIdentifier: 'TWICE-1' }),
        ]),
      ),
    );
    expect(res).toMatchObject({ processed: 6, added: 2, rejected: 4 });
    // Within a row, problems follow the columns' order in the layout.
    expect(res.errors).toEqual([
      { row: 3, column: 'Email', reason: MESSAGES.INVALID_EMAIL },
      { row: 3, column: 'State', reason: MERCHANT_IMPORT_MESSAGES.STATE_INVALID },
      { row: 3, column: 'Zip', reason: MESSAGES.INVALID_ZIP },
      { row: 4, column: 'Merchant ID', reason: 'Merchant ID already exists.' },
      { row: 5, column: 'Action Code', reason: MERCHANT_IMPORT_MESSAGES.ACTION_CODE_INVALID },
      { row: 7, column: 'Merchant ID', reason: 'The Merchant ID appears more than once in the file (first on row 6).' },
    ]);
    expect(await byName('Good Neighbour')).toBeDefined();
    expect(await byName('Twice')).toBeDefined();
    for (const name of ['Bad Row Stand', 'Taken Id Stand', 'Twice again']) expect(await byName(name)).toBeUndefined();
    expect(await addressesOf(taken.id)).toHaveLength(3);
  });

  it('leaves nothing of a row whose bank section fails after its merchant fields passed', async () => {
    const res = answer(
      await upload(
        w.tokens.adminA,
        file([
          addRow(w.programs.programA.shortName, {
            merchantName: 'Half Valid Stand',
            bankAccountNumber: '123456789',
            bankRoutingNumber: '123',
            bankAccountType: 'Checking',
            holderFirstName: 'Ann',
            holderLastName: 'Grower',
          }),
        ]),
      ),
    );
    expect(res).toMatchObject({ added: 0, rejected: 1 });
    expect(res.errors).toEqual([{ row: 2, column: 'Bank Routing Number', reason: 'Must be at least 8 characters.' }]);
    expect(await byName('Half Valid Stand')).toBeUndefined();
    const stray = await db().select().from(merchantAddresses).where(like(merchantAddresses.address1, '%Orchard Road'));
    const ids = new Set((await db().select({ id: merchants.id }).from(merchants)).map((m) => m.id));
    expect(stray.every((a) => ids.has(a.merchantId))).toBe(true);
  });

  it('refuses a program short name out of scope, and a merchant not mapped to the row program', async () => {
    const { programA, programB } = w.programs;
    const ofB = await makeMerchant(db(), { programs: [{ id: programB.id }] });
    const res = answer(
      await upload(
        w.tokens.adminA,
        file([
          addRow(programB.shortName, { merchantName: 'Other Program Stand' }),
          { actionCode: '03', program: programA.shortName, merchantIdentifier: ofB.merchantIdentifier },
          addRow('', { merchantName: 'No Program Stand' }),
        ]),
      ),
    );
    expect(res.errors).toEqual([
      { row: 2, column: 'Program Short Name', reason: MERCHANT_IMPORT_MESSAGES.NOT_A_PROGRAM_OF_CALLER },
      { row: 3, column: 'Merchant ID', reason: MERCHANT_IMPORT_MESSAGES.MERCHANT_NOT_IN_PROGRAM },
      { row: 4, column: 'Program Short Name', reason: MERCHANT_IMPORT_MESSAGES.PROGRAM_REQUIRED },
    ]);
    expect(await byName('Other Program Stand')).toBeUndefined();
    expect((await byIdentifier(ofB.merchantIdentifier))!.statusId).toBe(0);

    // A platform admin may name any program.
    const admin = answer(
      await upload(w.tokens.platformAdmin, file([addRow(programB.shortName, { merchantName: 'Platform Added' })])),
    );
    expect(admin).toMatchObject({ added: 1, rejected: 0 });
  });

  it('refuses 05 without BANK_VIEW and ignores tax cells without it; 03-05 need MERCHANT_UPDATE', async () => {
    const { programA } = w.programs;
    const target = await makeMerchant(db(), { programs: [{ id: programA.id }] });
    const bankBefore = await bankOf(target.id);
    const bankRow: Row = {
      actionCode: '05',
      program: programA.shortName,
      merchantIdentifier: target.merchantIdentifier,
      bankAccountNumber: '000999888777',
      bankRoutingNumber: '011000015',
      bankAccountType: 'Checking',
      holderFirstName: 'Eve',
      holderLastName: 'Taker',
    };
    const noBankView = answer(
      await upload(
        w.tokens.agencyAdminA1,
        file([bankRow, addRow(programA.shortName, { merchantName: 'Taxless Stand', taxId: '12', tinType: 'nope' })]),
      ),
    );
    expect(noBankView).toMatchObject({ added: 1, updated: 0, rejected: 1 });
    expect(noBankView.errors).toEqual([
      { row: 2, column: 'Action Code', reason: MERCHANT_IMPORT_MESSAGES.BANK_VIEW_REQUIRED },
    ]);
    expect(await bankOf(target.id)).toEqual(bankBefore);
    expect(await byName('Taxless Stand')).toMatchObject({ taxIdEncrypted: null, taxIdLast4: null, tinTypeId: null });

    const noUpdate = answer(
      await upload(
        w.tokens.agencyUserA1,
        file([{ actionCode: '03', program: programA.shortName, merchantIdentifier: target.merchantIdentifier }]),
      ),
    );
    expect(noUpdate.errors).toEqual([
      { row: 2, column: 'Action Code', reason: 'Action code 03 needs the MERCHANT_UPDATE privilege.' },
    ]);
    expect((await byIdentifier(target.merchantIdentifier))!.statusId).toBe(0);
  });
});

describe('GET /merchant-api/merchant/file/sample', () => {
  it('answers a CSV that imports with every row accepted and changes no real merchant (decision 0027)', async () => {
    const { programA } = w.programs;
    // An inactive merchant for the 03 row (written only for one already inactive) and active ones for 04.
    await makeMerchant(db(), { programs: [{ id: programA.id }], statusId: 1 });
    await makeMerchant(db(), { programs: [{ id: programA.id }] });
    await makeMerchant(db(), { programs: [{ id: programA.id }] });
    const sample = await t.injectAs(w.tokens.adminA, { method: 'GET', url: `${URL}/sample` });
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.headers['content-type']).toMatch(/^text\/csv/);
    const lines = sample.body.trim().split('\r\n');
    // No 05: a bank change is never a no-op; the bank columns are shown on the 01 row's new merchant.
    expect(lines.slice(1).map((l) => l.slice(0, 2))).toEqual(['01', '02', '03', '04']);
    const res = answer(await upload(w.tokens.adminA, sample.body, 'merchant-file-sample.csv'));
    expect(res).toMatchObject({ processed: 4, added: 2, rejected: 0, errors: [] });
    const mapped = await db()
      .select()
      .from(merchantPrograms)
      .where(and(eq(merchantPrograms.programId, programA.id)));
    expect(mapped.length).toBeGreaterThanOrEqual(5);
  });
});
