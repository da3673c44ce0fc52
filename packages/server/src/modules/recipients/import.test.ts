import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TYPE, PROGRAM_STATUS, ROLE, USER_STATUS } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { RECIPIENT_MESSAGES } from '@ebt/core/recipients';
import type { DbOrTx } from '../../db/client.js';
import { auditLog, recipientAccounts, users } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import { makeAgency, makeProgram, makeRecipient, makeUser } from '../../testing/factories.js';
import { lockAccountsByIdentifier } from './import-queries.js';

// POST /account-api/account/file/{programUuid}: the account file (part 2 §5, §7, §8, §9; docs/account-file.md).
const t = useTestApp();

const HEADER =
  'Action Code,Account ID,Agency Code,First Name,Middle Initial,Last Name,Address 1,Address 2,City,State,Zip,Email,Mobile Phone,Card Issuance';

let unique = 0;
const nextEmail = (stem = 'import') => `${stem}.${++unique}.${Math.random().toString(36).slice(2, 7)}@example.com`;

/** One CSV line; cells with commas or quotes are quoted. */
const csvLine = (cells: readonly string[]) =>
  cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');

interface Line {
  action?: string;
  id?: string;
  agency?: string;
  first?: string;
  middle?: string;
  last?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
  email?: string;
  phone?: string;
  card?: string;
}
const line = (l: Line = {}) =>
  csvLine([
    l.action ?? '01',
    l.id ?? '',
    l.agency ?? '',
    l.first ?? 'Rosa',
    l.middle ?? 'M',
    l.last ?? 'Delgado',
    l.address1 ?? '4 Mill Road',
    l.address2 ?? '',
    l.city ?? 'New Haven',
    l.state ?? 'CT',
    l.zip ?? '06510',
    l.email ?? nextEmail(),
    l.phone ?? '(203) 555-0188',
    l.card ?? 'Y',
  ]);
const csvOf = (...lines: string[]) => Buffer.from([HEADER, ...lines].join('\r\n') + '\r\n');

/** A multipart body as a browser sends it: one file part (and optional text parts). */
function multipart(parts: { field: string; fileName?: string; data: Buffer | string; type?: string }[]) {
  const boundary = `----ebt${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.fileName
      ? `form-data; name="${part.field}"; filename="${part.fileName}"\r\nContent-Type: ${part.type ?? 'text/csv'}`
      : `form-data; name="${part.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string | null, programUuid: string, data: Buffer, fileName = 'accounts.csv') =>
  t.injectAs(token, {
    method: 'POST',
    url: `/account-api/account/file/${programUuid}`,
    ...multipart([{ field: 'accountFile', fileName, data }]),
  });

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'Accounts');
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const accountsOf = (db: DbOrTx, programId: number) =>
  db
    .select()
    .from(recipientAccounts)
    .where(eq(recipientAccounts.programId, programId))
    .orderBy(asc(recipientAccounts.id));
const accountByEmail = async (db: DbOrTx, email: string) =>
  (await db.select().from(recipientAccounts).where(eq(recipientAccounts.email, email)))[0];
const countAccounts = async (db: DbOrTx, programId: number) =>
  (await db.select({ n: count() }).from(recipientAccounts).where(eq(recipientAccounts.programId, programId)))[0]!.n;

async function makeWorld() {
  const { db } = t.database;
  const programA = await makeProgram(db);
  const programB = await makeProgram(db);
  const a1 = await makeAgency(db, programA, { code: `A1-${++unique}` });
  const a2 = await makeAgency(db, programA, { code: `A2-${++unique}`, name: `Second Agency ${unique}` });
  const people = {
    platformAdmin: await makeUser(db, { roleId: ROLE.PLATFORM_ADMIN }),
    programAdminA: await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [programA] }),
    programAdminB: await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [programB] }),
    agencyUserA1: await makeUser(db, { roleId: ROLE.AGENCY_USER, agencies: [a1] }),
    agencyAdminA1: await makeUser(db, { roleId: ROLE.AGENCY_ADMIN, agencies: [a1] }),
    recipient: await makeUser(db, { roleId: ROLE.RECIPIENT }),
  };
  const tokens = Object.fromEntries(
    await Promise.all(Object.entries(people).map(async ([key, user]) => [key, await t.signIn(user.username)] as const)),
  ) as Record<keyof typeof people, string>;
  return { programA, programB, a1, a2, people, tokens };
}
type World = Awaited<ReturnType<typeof makeWorld>>;

describe('POST /account-api/account/file/{programUuid}', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('adds Active (01) and Inactive (02) recipients and updates (03) one, with counts, users and audit rows', async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    const agency = await makeAgency(db, program, { code: 'NCAAA' });
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    const token = await t.signIn(admin.username);
    // The highest generated Account ID so far: new ones follow it, as on the add form.
    await makeRecipient(db, { program, recipientIdentifier: '10000041' });
    const pendingUser = await makeUser(db, { roleId: ROLE.RECIPIENT, statusId: USER_STATUS.PENDING });
    const existing = await makeRecipient(db, {
      program,
      agency,
      user: pendingUser,
      recipientIdentifier: 'EXT-77',
      firstName: 'Old',
      middleName: 'Q',
      address2: 'Apt 1',
      cardIssuance: true,
    });
    const [addEmail, inactiveEmail, updateEmail] = [nextEmail('add'), nextEmail('inactive'), nextEmail('update')];

    const res = await upload(
      token,
      program.uuid,
      csvOf(
        line({
          action: '01',
          agency: 'ncaaa',
          first: 'Ann',
          last: "O'Neil",
          email: addEmail,
          card: 'true',
          zip: '6103',
        }),
        line({ action: '2', first: 'Ivan', last: 'Petrov', email: inactiveEmail, card: 'N' }),
        line({
          action: '03',
          id: 'EXT-77',
          agency: 'NCAAA',
          first: 'Newname',
          middle: '',
          address2: '',
          email: updateEmail,
          card: 'F',
          phone: '860.555.0100',
        }),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: MESSAGES.ACCOUNT_FILE_PROCESSED,
      processed: 3,
      added: 2,
      updated: 1,
      unchanged: 0,
      rejected: 0,
      errors: [],
      errorsTruncated: false,
    });

    const added = (await accountByEmail(db, addEmail))!;
    expect(added).toMatchObject({
      programId: program.id,
      agencyId: agency.id,
      recipientIdentifier: '10000042',
      statusId: 0,
      accountTypeId: ACCOUNT_TYPE.STANDARD,
      firstName: 'Ann',
      lastName: "O'Neil",
      zipcode: '06103',
      mobilePhone: '2035550188',
      cardIssuance: true,
      creationChannel: 'FILE',
    });
    const inactive = (await accountByEmail(db, inactiveEmail))!;
    expect(inactive).toMatchObject({
      recipientIdentifier: '10000043',
      statusId: 1,
      agencyId: null,
      cardIssuance: false,
    });

    // Each new account has its Pending recipient user, made as the add endpoint makes it.
    const [user] = await db.select().from(users).where(eq(users.id, added.userId!));
    expect(user).toMatchObject({
      username: 'aoneil10000042',
      email: addEmail,
      roleId: ROLE.RECIPIENT,
      statusId: USER_STATUS.PENDING,
      passwordHash: null,
      firstName: 'Ann',
      // Its places (decision 0032), written with the user: the program, and the agency when the account has one.
      programIds: [added.programId],
      agencyIds: added.agencyId === null ? [] : [added.agencyId],
    });
    const [inactiveUser] = await db.select().from(users).where(eq(users.id, inactive.userId!));
    expect(inactiveUser).toMatchObject({ programIds: [inactive.programId], agencyIds: [] });

    const updated = (await db.select().from(recipientAccounts).where(eq(recipientAccounts.id, existing.id)))[0]!;
    expect(updated).toMatchObject({
      firstName: 'Newname',
      middleName: null,
      address2: null,
      email: updateEmail,
      mobilePhone: '8605550100',
      cardIssuance: false,
      agencyId: agency.id,
      updationChannel: 'FILE',
    });
    // The Pending user follows the corrected name and e-mail.
    const [synced] = await db.select().from(users).where(eq(users.id, pendingUser.id));
    expect(synced).toMatchObject({ firstName: 'Newname', email: updateEmail, mobile: '8605550100' });

    const audit = (
      await db.select().from(auditLog).where(eq(auditLog.actorUserId, admin.id)).orderBy(asc(auditLog.id))
    ).filter((a) => a.entity !== 'session' && a.action !== 'sign-in');
    // Decision 0090: no audit row a created user or account; the file's own row names both, in file order.
    expect(audit.map((a) => `${a.action} ${a.entity}`)).toEqual(['update recipient_account', 'import account_file']);
    expect(audit[0]).toMatchObject({
      entityId: existing.uuid,
      before: { firstname: 'Old', middlename: 'Q', address2: 'Apt 1', cardIssuanceCode: true },
      after: { firstname: 'Newname', middlename: null, address2: null, cardIssuanceCode: false },
    });
    expect(audit[1]).toMatchObject({
      entityId: program.uuid,
      after: {
        processed: 3,
        added: 2,
        updated: 1,
        unchanged: 0,
        rejected: 0,
        format: 'csv',
        createdAccounts: [added.uuid, inactive.uuid],
        createdUsers: [user!.uuid, inactiveUser!.uuid],
      },
    });
  });

  it('reports each bad row with its row number, column and reason, and applies the others', async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    const agency = await makeAgency(db, program, { code: 'HOME' });
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    const token = await t.signIn(admin.username);
    const taken = await makeRecipient(db, { program, email: 'Taken@Example.com' });
    const external = await makeRecipient(db, {
      program,
      recipientIdentifier: 'EXTERNAL-1',
      accountTypeId: ACCOUNT_TYPE.EXTERNAL,
    });
    const inAgency = await makeRecipient(db, { program, agency, recipientIdentifier: 'AGENCY-1' });
    const twice = nextEmail('twice');
    const good = nextEmail('good');

    const res = await upload(
      token,
      program.uuid,
      csvOf(
        line({ action: '09' }), // row 2
        line({ action: '01', id: '10000001' }), // row 3
        line({ action: '03', id: '' }), // row 4
        line({ action: '03', id: 'NOPE-1' }), // row 5
        line({ email: 'taken@example.COM' }), // row 6
        line({ email: twice }), // row 7 (applied)
        line({ email: twice.toUpperCase() }), // row 8
        line({ action: '03', id: 'AGENCY-1', agency: 'HOME', email: inAgency.email! }), // row 9 (applied)
        line({ action: '03', id: 'AGENCY-1', agency: 'HOME', email: inAgency.email! }), // row 10
        line({ agency: 'NOWHERE' }), // row 11
        line({ zip: '123456', phone: '555-0100', card: 'maybe', state: 'XX', first: '' }), // row 12
        line({ action: '03', id: 'EXTERNAL-1', email: external.email!, first: 'Changed' }), // row 13
        line({ action: '03', id: 'AGENCY-1', agency: '', email: inAgency.email!, first: 'Ok' }), // row 14 (applied? no: updated twice)
        '', // row 15: blank, skipped
        line({ email: good, middle: 'TOO' }), // row 16
        line({ email: good }), // row 17 (applied)
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ processed: 15, added: 2, updated: 1, unchanged: 0, rejected: 12 });
    expect(body.errors).toEqual([
      { row: 2, column: 'Action Code', reason: RECIPIENT_MESSAGES.FILE_ACTION_CODE_INVALID },
      { row: 3, column: 'Account ID', reason: RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_ON_ADD },
      { row: 4, column: 'Account ID', reason: RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_REQUIRED },
      { row: 5, column: 'Account ID', reason: RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_UNKNOWN },
      { row: 6, column: 'Email', reason: MESSAGES.RECIPIENT_EMAIL_EXISTS },
      { row: 8, column: 'Email', reason: 'Email already exists on row 7 of this file.' },
      { row: 10, column: 'Account ID', reason: 'This Account ID is updated on row 9 already.' },
      { row: 11, column: 'Agency Code', reason: 'No agency of this program has the code NOWHERE.' },
      { row: 12, column: 'First Name', reason: MESSAGES.FIELD_REQUIRED },
      { row: 12, column: 'State', reason: RECIPIENT_MESSAGES.FILE_STATE_INVALID },
      { row: 12, column: 'Zip', reason: MESSAGES.INVALID_ZIP },
      { row: 12, column: 'Mobile Phone', reason: MESSAGES.INVALID_PHONE },
      { row: 12, column: 'Card Issuance', reason: RECIPIENT_MESSAGES.FILE_CARD_ISSUANCE_INVALID },
      { row: 13, column: 'Account ID', reason: RECIPIENT_MESSAGES.ACCOUNT_NOT_EDITABLE },
      { row: 14, column: 'Account ID', reason: 'This Account ID is updated on row 9 already.' },
      { row: 16, column: 'Middle Initial', reason: 'Must be at most 1 characters.' },
    ]);
    // Two adds (rows 7 and 17), nothing of the refused rows; the taken and external accounts are as they were.
    expect(await countAccounts(db, program.id)).toBe(5);
    expect(await accountByEmail(db, twice)).toBeDefined();
    expect(await accountByEmail(db, good)).toMatchObject({ middleName: 'M' });
    expect((await db.select().from(recipientAccounts).where(eq(recipientAccounts.id, external.id)))[0]!.firstName).toBe(
      external.firstName,
    );
    expect((await db.select().from(recipientAccounts).where(eq(recipientAccounts.id, taken.id)))[0]!.updatedAt).toEqual(
      taken.updatedAt,
    );
  });

  it('moves no recipient to another agency through the file', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: w.programA, agency: w.a1 });
    const res = await upload(
      w.tokens.programAdminA,
      w.programA.uuid,
      csvOf(line({ action: '03', id: account.recipientIdentifier, agency: w.a2.code, email: account.email! })),
    );
    expect(res.json()).toMatchObject({
      updated: 0,
      errors: [{ row: 2, column: 'Agency Code', reason: RECIPIENT_MESSAGES.FILE_AGENCY_CHANGE }],
    });
    expect((await accountByEmail(db, account.email!))!.agencyId).toBe(w.a1.id);
  });

  it('reads an XLSX workbook: numeric codes, zips and phones, boolean cells, aliases in any case, extra columns', async () => {
    const { db } = t.database;
    const email = nextEmail('xlsx');
    const data = await xlsxOf([
      [
        'ACTION',
        'agency',
        'first name',
        'LAST NAME',
        'address',
        'Town',
        'state code',
        'zip code',
        'E-mail',
        'mobile',
        'Issue Card',
        'Notes',
      ],
      [1, w.a1.code, 'Wanda', 'Xu', '9 Elm St', 'Hartford', 'ct', 6106, email, 8605550147, true, 'ignored'],
    ]);
    const res = await upload(w.tokens.programAdminA, w.programA.uuid, data, 'accounts.XLSX');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ processed: 1, added: 1, updated: 0, errors: [] });
    expect(await accountByEmail(db, email)).toMatchObject({
      agencyId: w.a1.id,
      stateCode: 'CT',
      zipcode: '06106',
      mobilePhone: '8605550147',
      cardIssuance: true,
      middleName: null,
      address2: null,
    });
  });

  it('reports XLSX rows by their spreadsheet row number and the column as the file names it', async () => {
    const data = await xlsxOf([
      ['Title row of the sheet'],
      [],
      ['Action Code', 'First Name', 'Last Name', 'Address 1', 'City', 'State', 'Zip', 'E-Mail', 'Mobile Phone'],
      ['01', 'Al', 'Bo', '1 Main St', 'Hartford', 'CT', '06103', 'not-an-email', '8605550100'],
    ]);
    // The first non-blank row is the header: here the title row, which names no column, so the file is refused.
    const refused = await upload(w.tokens.programAdminA, w.programA.uuid, data, 'accounts.xlsx');
    expect(refused.statusCode).toBe(422);

    const good = await xlsxOf([
      ['Action Code', 'First Name', 'Last Name', 'Address 1', 'City', 'State', 'Zip', 'E-Mail', 'Mobile Phone'],
      [],
      ['01', 'Al', 'Bo', '1 Main St', 'Hartford', 'CT', '06103', 'not-an-email', '8605550100'],
    ]);
    const res = await upload(w.tokens.programAdminA, w.programA.uuid, good, 'accounts.xlsx');
    expect(res.json()).toMatchObject({
      processed: 1,
      added: 0,
      rejected: 1,
      errors: [{ row: 3, column: 'E-Mail', reason: MESSAGES.INVALID_EMAIL }],
    });
  });

  it('stores cells that look like formulas as the text they are', async () => {
    const { db } = t.database;
    const email = nextEmail('formula');
    const res = await upload(
      w.tokens.programAdminA,
      w.programA.uuid,
      csvOf(line({ first: '=1+2', last: '@SUM(A1:A2)', address2: '=HYPERLINK("http://x")', email })),
    );
    expect(res.json()).toMatchObject({ added: 1, errors: [] });
    expect(await accountByEmail(db, email)).toMatchObject({
      firstName: '=1+2',
      lastName: '@SUM(A1:A2)',
      address2: '=HYPERLINK("http://x")',
    });
  });

  it('stores as they are the values an array literal quotes or escapes: quotes, backslashes, braces, commas, NULL', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, { program: w.programA, recipientIdentifier: `LIT-${++unique}` });
    const stem = `lit${++unique}`;
    const [addEmail, updateEmail] = [`${stem}"a\\b@example.com`, `${stem}"c\\d@example.com`];
    const res = await upload(
      w.tokens.programAdminA,
      w.programA.uuid,
      csvOf(
        line({
          first: 'NULL',
          last: 'Back\\slash "Q"',
          address1: '{1,2} Main',
          address2: 'C:\\Apt\\"7"',
          email: addEmail,
        }),
        line({
          action: '03',
          id: account.recipientIdentifier,
          first: 'null',
          last: '{}',
          city: 'A,"B"\\',
          email: updateEmail,
        }),
      ),
    );
    expect(res.json()).toMatchObject({ added: 1, updated: 1, errors: [] });
    const added = (await accountByEmail(db, addEmail))!;
    expect(added).toMatchObject({
      firstName: 'NULL',
      lastName: 'Back\\slash "Q"',
      address1: '{1,2} Main',
      address2: 'C:\\Apt\\"7"',
    });
    const [user] = await db.select().from(users).where(eq(users.id, added.userId!));
    expect(user).toMatchObject({ email: addEmail, firstName: 'NULL', lastName: 'Back\\slash "Q"' });
    expect(await accountByEmail(db, updateEmail)).toMatchObject({
      id: account.id,
      firstName: 'null',
      lastName: '{}',
      city: 'A,"B"\\',
    });
  });

  it('keeps the optional values a file without their columns does not carry on update rows', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, {
      program: w.programA,
      middleName: 'Z',
      address2: 'Floor 2',
      cardIssuance: true,
    });
    const header = 'action code,account id,first name,last name,address 1,city,state,zip,email,mobile phone';
    const row = csvLine([
      '3',
      account.recipientIdentifier,
      'Kept',
      'Values',
      '1 Oak St',
      'Hartford',
      'CT',
      '06103',
      account.email!,
      '8605550199',
    ]);
    const res = await upload(w.tokens.programAdminA, w.programA.uuid, Buffer.from(`${header}\n${row}\n`));
    expect(res.json()).toMatchObject({ updated: 1, errors: [] });
    expect(await accountByEmail(db, account.email!)).toMatchObject({
      firstName: 'Kept',
      middleName: 'Z',
      address2: 'Floor 2',
      cardIssuance: true,
    });
  });

  it('counts an update row whose values are already equal as unchanged, without an audit row', async () => {
    const { db } = t.database;
    const account = await makeRecipient(db, {
      program: w.programA,
      firstName: 'Same',
      middleName: 'M',
      lastName: 'Delgado',
      address1: '4 Mill Road',
      city: 'New Haven',
      zipcode: '06510',
      mobilePhone: '2035550188',
      cardIssuance: true,
    });
    const res = await upload(
      w.tokens.programAdminA,
      w.programA.uuid,
      csvOf(line({ action: '03', id: account.recipientIdentifier, first: 'Same', email: account.email! })),
    );
    expect(res.json()).toMatchObject({ processed: 1, updated: 0, unchanged: 1, errors: [] });
    const rows = await db.select().from(auditLog).where(eq(auditLog.entityId, account.uuid));
    expect(rows).toHaveLength(0);
    // The file's own row says it created nothing, with the same keys as a file that did (decision 0090).
    const [fileRow] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'account_file'), eq(auditLog.entityId, w.programA.uuid)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(fileRow!.after).toMatchObject({ unchanged: 1, createdAccounts: [], createdUsers: [] });
  });

  it('refuses add rows into a program that is not enabled, and still applies its update rows', async () => {
    const { db } = t.database;
    const program = await makeProgram(db, { statusId: PROGRAM_STATUS.DISABLED });
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    const account = await makeRecipient(db, { program });
    const res = await upload(
      await t.signIn(admin.username),
      program.uuid,
      csvOf(line(), line({ action: '03', id: account.recipientIdentifier, email: account.email!, first: 'Renamed' })),
    );
    expect(res.json()).toMatchObject({
      added: 0,
      updated: 1,
      errors: [{ row: 2, column: 'Action Code', reason: RECIPIENT_MESSAGES.PROGRAM_NOT_ENABLED }],
    });
  });
});

describe('account file scope and access', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('lets agency staff import only into their own agencies, and update only their agencies’ recipients', async () => {
    const { db } = t.database;
    const inA2 = await makeRecipient(db, { program: w.programA, agency: w.a2 });
    const mine = nextEmail('mine');
    const res = await upload(
      w.tokens.agencyUserA1,
      w.programA.uuid,
      csvOf(
        line({ agency: w.a1.code, email: mine }),
        line({ agency: w.a2.code }),
        line({ agency: '' }),
        line({ action: '03', id: inA2.recipientIdentifier, agency: w.a1.code, email: inA2.email! }),
        line({ agency: w.a2.name.toUpperCase() }),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      processed: 5,
      added: 1,
      updated: 0,
      errors: [
        { row: 3, column: 'Agency Code', reason: RECIPIENT_MESSAGES.FILE_AGENCY_NOT_YOURS },
        { row: 4, column: 'Agency Code', reason: MESSAGES.AGENCY_REQUIRED },
        { row: 5, column: 'Account ID', reason: RECIPIENT_MESSAGES.FILE_ACCOUNT_ID_UNKNOWN },
        { row: 6, column: 'Agency Code', reason: RECIPIENT_MESSAGES.FILE_AGENCY_NOT_YOURS },
      ],
    });
    expect(await accountByEmail(db, mine)).toMatchObject({ agencyId: w.a1.id });
    expect((await accountByEmail(db, inA2.email!))!.firstName).toBe(inA2.firstName);
  });

  it("answers 404 for another program's file and changes nothing", async () => {
    const { db } = t.database;
    const before = await countAccounts(db, w.programA.id);
    const beforeB = await countAccounts(db, w.programB.id);
    const file = csvOf(line(), line({ agency: w.a1.code }));
    for (const [token, programUuid] of [
      [w.tokens.programAdminB, w.programA.uuid],
      [w.tokens.agencyUserA1, w.programB.uuid],
      [w.tokens.agencyAdminA1, w.programB.uuid],
      [w.tokens.programAdminA, crypto.randomUUID()],
    ] as const) {
      const res = await upload(token, programUuid, file);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(RECIPIENT_MESSAGES.PROGRAM_NOT_FOUND);
    }
    expect(await countAccounts(db, w.programA.id)).toBe(before);
    expect(await countAccounts(db, w.programB.id)).toBe(beforeB);
  });

  it('answers 401 without a session and 403 to a recipient, and changes nothing', async () => {
    const { db } = t.database;
    const before = await countAccounts(db, w.programA.id);
    expect((await upload(null, w.programA.uuid, csvOf(line()))).statusCode).toBe(401);
    expect((await upload(w.tokens.recipient, w.programA.uuid, csvOf(line()))).statusCode).toBe(403);
    expect(await countAccounts(db, w.programA.id)).toBe(before);
  });

  it('lets a platform admin import into any program', async () => {
    const res = await upload(w.tokens.platformAdmin, w.programB.uuid, csvOf(line()));
    expect(res.json()).toMatchObject({ added: 1, errors: [] });
  });
});

describe('account file refusals of the whole file', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  const expectRefusal = (res: Awaited<ReturnType<typeof upload>>, status: number, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({
      status,
      message,
      errorMessages: expect.arrayContaining([expect.objectContaining({ appErrorMessage: message })]),
    });
  };

  it("answers 400 'You must select an input file.' for no file, an empty file or another field", async () => {
    const url = `/account-api/account/file/${w.programA.uuid}`;
    expectRefusal(await upload(w.tokens.programAdminA, w.programA.uuid, Buffer.alloc(0)), 400, MESSAGES.FILE_REQUIRED);
    expectRefusal(
      await t.injectAs(w.tokens.programAdminA, {
        method: 'POST',
        url,
        ...multipart([{ field: 'other', fileName: 'a.csv', data: csvOf(line()) }]),
      }),
      400,
      MESSAGES.FILE_REQUIRED,
    );
    expectRefusal(
      await t.injectAs(w.tokens.programAdminA, {
        method: 'POST',
        url,
        ...multipart([{ field: 'programUuid', data: w.programA.uuid }]),
      }),
      400,
      MESSAGES.FILE_REQUIRED,
    );
    expectRefusal(
      await t.injectAs(w.tokens.programAdminA, { method: 'POST', url, payload: {} }),
      400,
      MESSAGES.FILE_REQUIRED,
    );
  });

  it("answers 400 'Account file size cannot be greater than 1MB.' past 1048576 bytes", async () => {
    const { db } = t.database;
    const before = await countAccounts(db, w.programA.id);
    const big = Buffer.concat([csvOf(line()), Buffer.alloc(1_048_577 - csvOf(line()).length + 10, 0x20)]);
    expectRefusal(await upload(w.tokens.programAdminA, w.programA.uuid, big), 400, MESSAGES.ACCOUNT_FILE_TOO_LARGE);
    expect(await countAccounts(db, w.programA.id)).toBe(before);
  });

  it('answers 400 for a file that is not CSV, XLS or XLSX by name, and 422 for one whose content is not a spreadsheet', async () => {
    expectRefusal(
      await upload(w.tokens.programAdminA, w.programA.uuid, csvOf(line()), 'accounts.pdf'),
      400,
      MESSAGES.INVALID_FILE_TYPE,
    );
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expectRefusal(
      await upload(w.tokens.programAdminA, w.programA.uuid, png, 'accounts.csv'),
      422,
      MESSAGES.INVALID_FILE_CONTENT,
    );
    const brokenZip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expectRefusal(
      await upload(w.tokens.programAdminA, w.programA.uuid, brokenZip, 'accounts.xlsx'),
      422,
      MESSAGES.INVALID_FILE_CONTENT,
    );
  });

  it("answers 422 'Invalid file content.' naming the missing columns, and for a header without rows", async () => {
    const res = await upload(
      w.tokens.programAdminA,
      w.programA.uuid,
      Buffer.from('Action Code,First Name,Last Name\n01,Al,Bo\n'),
    );
    expectRefusal(res, 422, MESSAGES.INVALID_FILE_CONTENT);
    expect(res.json().errorMessages.map((e: { appErrorMessage: string }) => e.appErrorMessage)).toEqual([
      MESSAGES.INVALID_FILE_CONTENT,
      'The column Address 1 is missing.',
      'The column City is missing.',
      'The column State is missing.',
      'The column Zip is missing.',
      'The column Email is missing.',
      'The column Mobile Phone is missing.',
    ]);
    const empty = await upload(w.tokens.programAdminA, w.programA.uuid, Buffer.from(`${HEADER}\n\n`));
    expectRefusal(empty, 422, MESSAGES.INVALID_FILE_CONTENT);
    expect(empty.json().errorMessages[1].appErrorMessage).toBe(RECIPIENT_MESSAGES.FILE_NO_ROWS);
  });

  it('answers 400 for a program id that is not a uuid', async () => {
    expect((await upload(w.tokens.programAdminA, 'not-a-uuid', csvOf(line()))).statusCode).toBe(400);
  });
});

describe('account file at size', () => {
  it('imports a file of 2,000 rows in a few batched statements', async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    const lines = Array.from({ length: 2000 }, (_, i) =>
      line({ first: `First${i}`, last: `Last${i}`, email: `bulk${i}.${program.id}@example.com` }),
    );
    const res = await upload(await t.signIn(admin.username), program.uuid, csvOf(...lines));
    expect(res.json()).toMatchObject({ processed: 2000, added: 2000, updated: 0, rejected: 0 });
    const accounts = await accountsOf(db, program.id);
    expect(accounts.map((a) => a.recipientIdentifier).slice(0, 2)).toEqual(['10000001', '10000002']);
    expect(accounts.at(-1)!.recipientIdentifier).toBe('10002000');
    const userIds = accounts.map((a) => a.userId!);
    const [linked] = await db.select({ n: count() }).from(users).where(inArray(users.id, userIds));
    expect(linked!.n).toBe(2000);
  });

  it('checks the rows after the parts already written against them (decision 0094)', async () => {
    // The first part (500 new recipients) is written while later rows are still being checked and planned: a late
    // row repeating an early row's e-mail is still refused, an update row near the end still frees its old e-mail
    // for the row after it, and the file's audit row lists exactly the accounts written, in file order.
    const { db } = t.database;
    const program = await makeProgram(db);
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    const existing = await makeRecipient(db, { program, recipientIdentifier: '90000001', email: nextEmail('moved') });
    const lines = Array.from({ length: 3000 }, (_, i) =>
      line({ first: `First${i}`, last: `Last${i}`, email: `late${i}.${program.id}@example.com` }),
    );
    lines[2500] = line({ first: 'Twice', email: `late0.${program.id}@example.com` });
    lines[2700] = line({ action: '03', id: '90000001', first: 'Moved', email: nextEmail('new-address') });
    lines[2701] = line({ first: 'Takes', last: 'Freed', email: existing.email! });
    lines[2999] = line({ email: 'not-an-email' });
    const res = await upload(await t.signIn(admin.username), program.uuid, csvOf(...lines));
    expect(res.json()).toMatchObject({ processed: 3000, added: 2997, updated: 1, rejected: 2 });
    expect(res.json().errors).toEqual([
      {
        row: 2502,
        column: 'Email',
        reason: RECIPIENT_MESSAGES.FILE_EMAIL_TWICE.replace('{row}', '2'),
      },
      { row: 3001, column: 'Email', reason: expect.any(String) },
    ]);
    expect((await accountByEmail(db, existing.email!))!.firstName).toBe('Takes');
    const added = (await accountsOf(db, program.id)).filter((a) => a.id !== existing.id);
    expect(added).toHaveLength(2997);
    expect(added.map((a) => a.recipientIdentifier)).toEqual(
      Array.from({ length: 2997 }, (_, i) => String(90000002 + i)),
    );
    const [fileRow] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'account_file'), eq(auditLog.entityId, program.uuid)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect((fileRow!.after as { createdAccounts: string[] }).createdAccounts).toEqual(added.map((a) => a.uuid));
  });
});

describe('account file usernames', () => {
  it('gives a recipient whose first username is taken the next candidate, as the add form does', async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    await makeRecipient(db, { program, recipientIdentifier: '10000500' });
    // The first candidates of the two new rows (initial, last name, Account ID); the first is someone else's.
    await makeUser(db, { roleId: ROLE.RECIPIENT, username: 'KTaken10000501' });
    const [taken, free] = [nextEmail('taken'), nextEmail('free')];
    const res = await upload(
      await t.signIn(admin.username),
      program.uuid,
      csvOf(line({ first: 'Kim', last: 'Taken', email: taken }), line({ first: 'Lee', last: 'Free', email: free })),
    );
    expect(res.json()).toMatchObject({ added: 2, rejected: 0 });
    const usernameOf = async (email: string) => {
      const account = (await accountByEmail(db, email))!;
      const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, account.userId!));
      return user!.username;
    };
    expect(await usernameOf(taken)).toBe('ktaken100005012');
    expect(await usernameOf(free)).toBe('lfree10000502');
  });
});

describe('account file beside the add form', () => {
  it('takes Account IDs in turn with concurrent adds of the same program: no gap, no duplicate', async () => {
    const { db } = t.database;
    const program = await makeProgram(db);
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [program] });
    const token = await t.signIn(admin.username);
    const lines = Array.from({ length: 50 }, (_, i) => line({ email: `concurrent${i}.${program.id}@example.com` }));
    const add = (i: number) =>
      t.injectAs(token, {
        method: 'POST',
        url: '/account-api/account',
        payload: {
          programUuid: program.uuid,
          firstname: 'Form',
          lastname: `Added${i}`,
          address1: '1 Main St',
          city: 'Hartford',
          stateCode: 'CT',
          zipcode: '06103',
          email: `form${i}.${program.id}@example.com`,
          mobilePhone: '8605550100',
        },
      });
    const answers = await Promise.all([add(1), upload(token, program.uuid, csvOf(...lines)), add(2), add(3)]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 200, 201, 201]);
    const identifiers = (await accountsOf(db, program.id))
      .map((a) => Number(a.recipientIdentifier))
      .sort((a, b) => a - b);
    expect(identifiers).toHaveLength(53);
    expect(identifiers.at(-1)! - identifiers[0]!).toBe(52);
  });
});

describe('account file beside the money path', () => {
  // The file's accounts are locked `for no key update` while it is written: a sale, a benefit or a notice written for
  // one of them meanwhile takes KEY SHARE on the row through its foreign key and goes on at once; a form save, which
  // changes the row, still waits. PGlite has one connection, so only PostgreSQL can hold two transactions at once.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'lets a foreign key reach an account the file holds, and keeps a form save waiting',
    async () => {
      const { db } = t.database;
      const program = await makeProgram(db);
      const account = await makeRecipient(db, { program });
      const other = await t.database.pool!.connect();
      try {
        await db.transaction(async (tx) => {
          const locked = await lockAccountsByIdentifier(tx, program.id, [account.recipientIdentifier]);
          expect(locked.map((a) => a.id)).toEqual([account.id]);
          await other.query('begin');
          await other.query(`set local lock_timeout = '2s'`);
          // What an insert into transactions or benefits takes on the account through its foreign key.
          const shared = await other.query('select id from recipient_accounts where id = $1 for key share', [
            account.id,
          ]);
          expect(shared.rowCount).toBe(1);
          await other.query('rollback');
          await other.query('begin');
          await other.query(`set local lock_timeout = '200ms'`);
          await expect(
            other.query('select id from recipient_accounts where id = $1 for no key update', [account.id]),
          ).rejects.toMatchObject({ code: '55P03' });
          await other.query('rollback');
        });
      } finally {
        await other.query('rollback').catch(() => undefined);
        other.release();
      }
    },
  );
});
