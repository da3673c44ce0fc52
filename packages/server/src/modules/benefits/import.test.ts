import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFIT_IMPORT_MESSAGES, BENEFIT_MESSAGES, type BenefitFileAnswer } from '@ebt/core/benefits';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { SMS_MAX_SEGMENTS, smsSize } from '@ebt/core/outbox';
import {
  auditLog,
  benefitIssuanceTotals,
  benefits,
  fundingSources,
  incentives,
  notificationPreferences,
  notifications,
  outbox,
  type ProgramRow,
} from '../../db/schema/index.js';
import { NOTIFICATION_EVENT } from '../../db/reference-data.js';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeRecipient, makeUser } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';
import { forgedXlsx } from '../../testing/forged-xlsx.js';
import { benefitInsertRow, noticeMessage } from './issue-effects.js';
import { foldAllIssuanceJournal } from '../../platform/issuance-totals.js';
import { insertBenefits } from './import-queries.js';

const t = useTestApp();
const URL = '/benefit-api/benefit/file';
// The test clock starts at 2026-11-23T15:00Z: 10:00 in New York, so "today" in a program is 2026-11-23.
const TODAY = '2026-11-23';

interface FilePart {
  field?: string;
  filename?: string;
  content: Buffer | string;
}

/** A multipart/form-data body as a browser sends it. */
function multipart(file: FilePart | null, fields: Record<string, string> = {}) {
  const boundary = `----ebt${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'benefitFile'}"; filename="${file.filename ?? 'benefits.csv'}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const csv = (rows: (string | number)[][]) => rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
const HEADER = ['Account ID', 'Authorization Number', 'Available Date', 'Expiration Date', 'Amount', 'Funding Source'];

async function makeWorld() {
  const { db } = t.database;
  const world = await buildWorld(t, {
    programs: {
      programA: {},
      programB: { benefitAmount: '50.00', benefitExpirationDays: 30, enableBenefitNote: true, benefitOptionTypeId: 1 },
    },
    agencies: { a1: { program: 'programA' }, a2: { program: 'programA' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      adminA: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA'] },
      adminAB: { roleId: ROLE.PROGRAM_ADMIN, programs: ['programA', 'programB'] },
      agencyUserA1: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
      recipient: { roleId: ROLE.RECIPIENT },
    },
  });
  const { programA, programB } = world.programs;
  const { a1, a2 } = world.agencies;
  const [stateFunds] = await db
    .insert(fundingSources)
    .values({ programId: programA.id, name: 'State Funds' })
    .returning();
  const [usda] = await db.insert(fundingSources).values({ programId: programA.id, name: 'USDA' }).returning();
  const [bFunds] = await db.insert(fundingSources).values({ programId: programB.id, name: 'Federal' }).returning();
  const [incentive] = await db
    .insert(incentives)
    .values({ programId: programA.id, fundingSourceId: usda!.id, name: 'Double Up', startDate: '2026-01-01' })
    .returning();
  const r1 = await makeRecipient(db, { program: programA, agency: a1 });
  const r2 = await makeRecipient(db, { program: programA, agency: a2 });
  const inactive = await makeRecipient(db, { program: programA, agency: a1, statusId: 1 });
  const rb = await makeRecipient(db, { program: programB });
  return {
    programA,
    programB,
    stateFunds: stateFunds!,
    usda: usda!,
    bFunds: bFunds!,
    incentive: incentive!,
    a1,
    a2,
    r1,
    r2,
    inactive,
    rb,
    adminA: world.users.adminA,
    tokens: world.tokens,
  };
}
type World = Awaited<ReturnType<typeof makeWorld>>;

let n = 0;
/** A fresh authorization number per call, so tests do not share benefits. */
const auth = (prefix = 'F') => `${prefix}${Date.now().toString(36)}${(++n).toString(36)}`.toUpperCase().slice(0, 20);

/** What the issue form's notice of a new benefit says (issue-effects.ts noticeMessage). */
const issuedNotice = (row: typeof benefits.$inferSelect, programName: string) =>
  noticeMessage(
    {
      typeId: row.benefitTypeId,
      authNumber: row.authorizationNumber,
      amount: row.amount,
      availableDate: row.availableDate,
      expirationDate: row.expirationDate,
      programName,
    },
    'issued',
  );

async function upload(token: string | null, file: FilePart | null, fields: Record<string, string> = {}) {
  return t.injectAs(token, { method: 'POST', url: URL, ...multipart(file, fields) });
}

const benefitsByAuth = (program: ProgramRow, numbers: string[]) =>
  t.database.db
    .select()
    .from(benefits)
    .where(and(eq(benefits.programId, program.id), inArray(benefits.authorizationNumber, numbers)));

describe('POST /benefit-api/benefit/file: access and the file itself', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });
  const oneRow = () => ({
    content: csv([HEADER, [w.r1.recipientIdentifier, auth(), TODAY, '2026-12-31', '10', 'State Funds']]),
  });

  it('answers 401 without a session, 403 to a recipient and to a platform admin (program side only)', async () => {
    expect((await upload(null, oneRow())).statusCode).toBe(401);
    for (const token of [w.tokens.recipient, w.tokens.platformAdmin]) {
      const res = await upload(token, oneRow());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MESSAGES.PRIVILEGE_ERROR);
    }
  });

  it("answers 400 'You must select an input file.' with no file, an empty file or a JSON body", async () => {
    for (const res of [
      await upload(w.tokens.adminA, null),
      await upload(w.tokens.adminA, { content: '' }),
      await upload(w.tokens.adminA, { field: 'otherFile', content: 'x' }),
      await t.injectAs(w.tokens.adminA, { method: 'POST', url: URL, payload: { benefitFile: 'x' } }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.FILE_REQUIRED);
    }
  });

  it('answers 400 with the size message for a file over 1 MB, and for another file type', async () => {
    const big = await upload(w.tokens.adminA, { content: Buffer.alloc(1_048_577, 'a') });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('Benefit file size cannot be greater than 1MB.');
    const txt = await upload(w.tokens.adminA, { filename: 'benefits.txt', content: 'a,b\n1,2\n' });
    expect(txt.statusCode).toBe(400);
    expect(txt.json().message).toBe(MESSAGES.INVALID_FILE_TYPE);
  });

  it("answers 422 'Invalid file content.' for a binary file, a header without the required columns or without rows", async () => {
    const binary = await upload(w.tokens.adminA, {
      filename: 'b.xlsx',
      content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
    });
    expect(binary.statusCode).toBe(422);
    expect(binary.json().message).toBe(MESSAGES.INVALID_FILE_CONTENT);

    const columns = await upload(w.tokens.adminA, {
      content: csv([
        ['Account ID', 'Amount'],
        ['1', '2'],
      ]),
    });
    expect(columns.statusCode).toBe(422);
    expect(columns.json().message).toBe(MESSAGES.INVALID_FILE_CONTENT);
    expect(columns.json().errorMessages.map((e: { appErrorMessage: string }) => e.appErrorMessage)).toContain(
      'The file has no column Authorization Number, Available Date, Expiration Date.',
    );

    const empty = await upload(w.tokens.adminA, { content: csv([HEADER]) });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errorMessages[1].appErrorMessage).toBe(BENEFIT_IMPORT_MESSAGES.NO_DATA_ROWS);
  });

  it('needs the program of the file when the caller has several and the file has no Program column', async () => {
    const res = await upload(w.tokens.adminAB, oneRow());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BENEFIT_MESSAGES.PROGRAM_REQUIRED);
    const other = await upload(w.tokens.adminA, oneRow(), { programUuid: w.programB.uuid });
    expect(other.statusCode).toBe(404);
    const chosen = await upload(w.tokens.adminAB, oneRow(), { programUuid: w.programA.uuid });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ processed: 1, added: 1 });
  });
});

describe('POST /benefit-api/benefit/file: rows', () => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld();
  });

  it('adds valid rows as the issue form would, with their effects and the file audit row naming them', async () => {
    const [x, y] = [auth(), auth()];
    const res = await upload(w.tokens.adminA, {
      content: csv([
        [...HEADER, 'Type', 'Incentive'],
        [w.r1.recipientIdentifier, x, TODAY, '2026-12-31', '"$1,250.50"', 'state funds', 'Regular', ''],
        [w.r2.recipientIdentifier, y, '12/01/2026', '1/31/2027', '20', String(w.usda.id), '1', ''],
        [w.r1.recipientIdentifier, 'AUTO-GENERATED', TODAY, '2026-12-31', '5', 'USDA', 'Incentive', 'double up'],
      ]),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Benefit file processed.',
      processed: 3,
      added: 3,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      errors: [],
      errorsTruncated: false,
    } satisfies BenefitFileAnswer);

    const rows = await benefitsByAuth(w.programA, [x, y]);
    const bx = rows.find((r) => r.authorizationNumber === x)!;
    expect(bx).toMatchObject({
      accountId: w.r1.id,
      agencyId: w.a1.id,
      fundingSourceId: w.stateFunds.id,
      amount: '1250.50',
      balance: '1250.50',
      statusId: 0,
      benefitTypeId: 1,
      availableDate: TODAY,
      expirationDate: '2026-12-31',
      creationChannel: 'FILE',
    });
    expect(rows.find((r) => r.authorizationNumber === y)).toMatchObject({
      accountId: w.r2.id,
      agencyId: w.a2.id,
      availableDate: '2026-12-01',
      expirationDate: '2027-01-31',
    });
    const [incentiveBenefit] = await t.database.db
      .select()
      .from(benefits)
      .where(and(eq(benefits.accountId, w.r1.id), eq(benefits.benefitTypeId, 2)));
    expect(incentiveBenefit).toMatchObject({ incentiveId: w.incentive.id, amount: '5.00' });
    expect(incentiveBenefit!.authorizationNumber).toMatch(/^I20261123[0-9A-Z]{11}$/);

    // Decision 0090: no audit row a created benefit; the file's own row names them, in file order, with its actor.
    const perBenefit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'benefit'), inArray(auditLog.entityId, [bx.uuid, incentiveBenefit!.uuid])));
    expect(perBenefit).toEqual([]);
    const [summary] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'benefit_file'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const yRow = rows.find((r) => r.authorizationNumber === y)!;
    expect(summary!.after).toMatchObject({
      processed: 3,
      added: 3,
      fileName: 'benefits.csv',
      created: [bx.uuid, yRow.uuid, incentiveBenefit!.uuid],
    });
    expect(summary).toMatchObject({ action: 'import', actorUserId: w.adminA.id });
    // Who created a benefit: the query docs/security.md gives for it finds this file's row.
    const creators = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'benefit_file'), sql`${auditLog.after} -> 'created' ? ${yRow.uuid}`));
    expect(creators).toEqual([{ id: summary!.id }]);

    // applyIssueEffects: a notification per benefit and the funding roll-up.
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(inArray(notifications.accountId, [w.r1.id, w.r2.id]));
    expect(notes).toHaveLength(3);
    // Each keeps its Spanish for the recipient's inbox on a Spanish page.
    expect(notes.every((n) => n.textEs !== null && n.textEs !== n.text)).toBe(true);
    await foldAllIssuanceJournal(t.database.db);
    const [total] = await t.database.db
      .select()
      .from(benefitIssuanceTotals)
      .where(
        and(eq(benefitIssuanceTotals.fundingSourceId, w.stateFunds.id), eq(benefitIssuanceTotals.agencyId, w.a1.id)),
      );
    expect(total).toMatchObject({ issuedAmount: '1250.50', issuedCount: 1 });
  });

  it('writes for a new benefit the notification and messages the issue form writes', async () => {
    // The import builds these rows in SQL from the benefits it inserts; they must be the ones writeNotices writes:
    // same text and event, an e-mail and an SMS in that order.
    const { db } = t.database;
    const r3 = await makeRecipient(db, { program: w.programA, agency: w.a1 });
    await db.insert(notificationPreferences).values([
      { accountId: r3.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 2 },
      { accountId: r3.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 1 },
    ]);
    const x = auth();
    const res = await upload(w.tokens.adminA, {
      content: csv([HEADER, [r3.recipientIdentifier, x, TODAY, '2026-12-31', '"$1,234.56"', 'state funds']]),
    });
    expect(res.json()).toMatchObject({ added: 1, rejected: 0 });

    const [row] = await benefitsByAuth(w.programA, [x]);
    const message = issuedNotice(row!, w.programA.name);
    expect(message.text).toContain('$1,234.56');
    const notes = await db.select().from(notifications).where(eq(notifications.accountId, r3.id));
    expect(notes).toMatchObject([{ eventId: message.event, text: message.text, statusId: 0 }]);
    const sent = await db
      .select()
      .from(outbox)
      .where(inArray(outbox.to, [r3.email!, r3.mobilePhone!]))
      .orderBy(outbox.id);
    expect(sent.map((m) => ({ channel: m.channel, to: m.to, subject: m.subject, kind: m.kind }))).toEqual([
      { channel: 'email', to: r3.email, subject: message.subject, kind: 'benefit-issued' },
      { channel: 'sms', to: r3.mobilePhone, subject: message.subject, kind: 'benefit-issued' },
    ]);
    // The e-mail the statement fills from the program's template says what notifyAccounts would (notice-mail.test.ts
    // compares the two): the sentence framed by the greeting, facts, next step, link and contact, and an HTML part.
    const [email, sms] = sent;
    expect(email!.body).toMatch(/^Hello,?/);
    expect(email!.body).toContain(`\n\n${message.text}\n\n`);
    expect(email!.body).toContain('Amount: $1,234.56');
    expect(email!.body).toContain(`Authorization number: ${x}`);
    expect(email!.body).toContain(`Questions? Contact ${w.programA.name}.`);
    expect(email!.html).toContain('<dd>$1,234.56</dd>');
    expect(email!.html).not.toContain('\u0001');
    expect(sms!.html).toBeNull();
    expect(sms!.body).toMatch(/Details: http\S+\/recipient\/benefits$/);
    expect(smsSize(sms!.body).segments).toBeLessThanOrEqual(SMS_MAX_SEGMENTS);
  });

  it('e-mails and texts the notice in Spanish to a recipient whose user chose Spanish, as the issue form does', async () => {
    const { db } = t.database;
    // A first name with markup: the statement escapes it in the HTML part as the kit does (notice-mail.ts escapeHtml).
    const user = await makeUser(db, {
      roleId: ROLE.RECIPIENT,
      preferredLanguage: 'es',
      firstName: '<script>Ana</script>',
    });
    const r4 = await makeRecipient(db, { program: w.programA, agency: w.a1, user });
    await db.insert(notificationPreferences).values([
      { accountId: r4.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 1 },
      { accountId: r4.id, eventId: NOTIFICATION_EVENT.BENEFIT_ISSUED, methodId: 2 },
    ]);
    const x = auth();
    const res = await upload(w.tokens.adminA, {
      content: csv([HEADER, [r4.recipientIdentifier, x, TODAY, '2026-12-31', '12.50', 'state funds']]),
    });
    expect(res.json()).toMatchObject({ added: 1, rejected: 0 });
    const [row] = await benefitsByAuth(w.programA, [x]);
    const message = issuedNotice(row!, w.programA.name);
    // (The factory's recipients share a phone number: the messages are told apart by their sentence, which the SMS
    // may shorten to stay within two parts, so by its start.)
    const start = message.es.text.slice(0, 40);
    const sent = await db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.to, [r4.email!, r4.mobilePhone!]), sql`${outbox.body} like ${`%${x}%`}`))
      .orderBy(outbox.id);
    expect(sent.map((m) => ({ channel: m.channel, subject: m.subject, kind: m.kind }))).toEqual([
      { channel: 'email', subject: message.es.subject, kind: 'benefit-issued' },
    ]);
    expect(sent[0]!.body.startsWith('Hola, <script>Ana</script>:\n\n')).toBe(true);
    expect(sent[0]!.html).toContain('Hola, &lt;script&gt;Ana&lt;/script&gt;:');
    expect(sent[0]!.html).not.toContain('<script>');
    expect(sent[0]!.body).toContain(`\n\n${message.es.text}\n\n`);
    expect(sent[0]!.body).toContain('Disponible desde: 23/11/2026');
    expect(sent[0]!.html).toContain('<html lang="es">');
    const [sms] = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, r4.mobilePhone!), sql`${outbox.id} > ${sent[0]!.id}`))
      .orderBy(outbox.id);
    expect(sms).toMatchObject({ channel: 'sms', subject: message.es.subject, kind: 'benefit-issued' });
    expect(sms!.body.startsWith(start)).toBe(true);
    expect(sms!.body).toMatch(/Detalles: http\S+\/recipient\/benefits$/);
    expect(smsSize(sms!.body).segments).toBeLessThanOrEqual(SMS_MAX_SEGMENTS);
    expect(message.es.text).not.toBe(message.text);
    // The inbox row keeps the specification's English (docs/i18n.md).
    const notes = await db.select().from(notifications).where(eq(notifications.accountId, r4.id));
    expect(notes.map((n) => n.text)).toEqual([message.text]);
  });

  it('reports each bad row with its row, column and reason, changes nothing for it and applies the good ones', async () => {
    const good = auth();
    const r1 = w.r1.recipientIdentifier;
    const numbers = Array.from({ length: 12 }, () => auth());
    const res = await upload(w.tokens.adminA, {
      content: csv([
        HEADER,
        [r1, good, TODAY, '2026-12-31', '10', 'USDA'], // row 2
        ['NOPE123', numbers[0]!, TODAY, '2026-12-31', '10', 'USDA'], // 3
        [w.inactive.recipientIdentifier, numbers[1]!, TODAY, '2026-12-31', '10', 'USDA'], // 4
        [r1, good, TODAY, '2026-12-31', '10', 'USDA'], // 5 duplicate of row 2
        [r1, numbers[2]!, '2026-11-22', '2026-12-31', '10', 'USDA'], // 6
        [r1, numbers[3]!, '2026-12-10', '2026-12-09', '10', 'USDA'], // 7
        [r1, numbers[4]!, TODAY, '2026-12-31', '12.345', 'USDA'], // 8
        [r1, numbers[5]!, TODAY, '2026-12-31', '10000', 'USDA'], // 9
        [r1, numbers[6]!, TODAY, '2026-12-31', '10', 'Lottery'], // 10
        [r1, numbers[7]!, TODAY, '2026-12-31', '10', ''], // 11
        [r1, 'A B', TODAY, '2026-12-31', '10', 'USDA'], // 12
        [r1, numbers[8]!, 'soon', '2026-12-31', '10', 'USDA'], // 13
        [r1, numbers[9]!, '2026-02-30', '2026-12-31', '-1', 'USDA'], // 14
      ]),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as BenefitFileAnswer;
    expect(body).toMatchObject({
      processed: 13,
      added: 1,
      updated: 0,
      unchanged: 0,
      rejected: 12,
      errorsTruncated: false,
    });
    expect(body.errors).toEqual([
      { row: 3, column: 'Account ID', reason: BENEFIT_MESSAGES.RECIPIENT_NOT_FOUND },
      { row: 4, column: 'Account ID', reason: BENEFIT_MESSAGES.RECIPIENT_NOT_ACTIVE },
      {
        row: 5,
        column: 'Authorization Number',
        reason: 'The authorization number appears more than once in the file (first on row 2).',
      },
      { row: 6, column: 'Available Date', reason: `Date cannot be before today (${TODAY}).` },
      { row: 7, column: 'Expiration Date', reason: BENEFIT_MESSAGES.EXPIRATION_BEFORE_AVAILABLE },
      { row: 8, column: 'Amount', reason: BENEFIT_IMPORT_MESSAGES.INVALID_AMOUNT },
      { row: 9, column: 'Amount', reason: 'Amount cannot be more than $9,999.99.' },
      { row: 10, column: 'Funding Source', reason: BENEFIT_IMPORT_MESSAGES.FUNDING_NOT_FOUND },
      { row: 11, column: 'Funding Source', reason: BENEFIT_MESSAGES.FUNDING_REQUIRED },
      { row: 12, column: 'Authorization Number', reason: MESSAGES.INVALID_AUTHORIZATION_NUMBER },
      { row: 13, column: 'Available Date', reason: BENEFIT_IMPORT_MESSAGES.INVALID_DATE },
      { row: 14, column: 'Available Date', reason: BENEFIT_IMPORT_MESSAGES.INVALID_DATE },
      { row: 14, column: 'Amount', reason: MESSAGES.AMOUNT_NEGATIVE },
    ]);
    expect(await benefitsByAuth(w.programA, numbers)).toEqual([]);
    expect(await benefitsByAuth(w.programA, [good])).toHaveLength(1);
  });

  it('lists at most 1,000 problems and says when there were more', async () => {
    const rows = Array.from({ length: 600 }, () => ['NOPE', auth(), '2020-01-01', '2026-12-31', '10', 'USDA']);
    const body = (await upload(w.tokens.adminA, { content: csv([HEADER, ...rows]) })).json() as BenefitFileAnswer;
    expect(body).toMatchObject({ processed: 600, added: 0, rejected: 600, errorsTruncated: true });
    expect(body.errors).toHaveLength(1000);
    expect(body.errors[0]).toEqual({ row: 2, column: 'Account ID', reason: BENEFIT_MESSAGES.RECIPIENT_NOT_FOUND });
  });

  it('limits agency staff to the recipients of their agencies', async () => {
    const [mine, theirs] = [auth(), auth()];
    const res = await upload(w.tokens.agencyUserA1, {
      content: csv([
        HEADER,
        [w.r1.recipientIdentifier, mine, TODAY, '2026-12-31', '10', 'USDA'],
        [w.r2.recipientIdentifier, theirs, TODAY, '2026-12-31', '10', 'USDA'],
      ]),
    });
    expect(res.json()).toMatchObject({
      added: 1,
      rejected: 1,
      errors: [{ row: 3, column: 'Account ID', reason: BENEFIT_MESSAGES.RECIPIENT_NOT_FOUND }],
    });
    expect(await benefitsByAuth(w.programA, [theirs])).toEqual([]);
  });

  it('updates an Issued benefit named by its authorization number; the balance moves with the amount', async () => {
    const number = auth();
    const r1 = w.r1.recipientIdentifier;
    const row = (expiration: string, amount: string, account = r1) => ({
      content: csv([HEADER, [account, number, TODAY, expiration, amount, 'USDA']]),
    });
    expect((await upload(w.tokens.adminA, row('2026-12-31', '40'))).json()).toMatchObject({ added: 1 });
    // Ten dollars spent meanwhile.
    await t.database.db
      .update(benefits)
      .set({ balance: '30.00' })
      .where(and(eq(benefits.programId, w.programA.id), eq(benefits.authorizationNumber, number)));

    const res = await upload(w.tokens.adminA, row('2027-01-15', '50'));
    expect(res.json()).toMatchObject({ processed: 1, added: 0, updated: 1, unchanged: 0, rejected: 0 });
    const [after] = await benefitsByAuth(w.programA, [number]);
    expect(after).toMatchObject({
      amount: '50.00',
      balance: '40.00',
      expirationDate: '2027-01-15',
      updationChannel: 'FILE',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, after!.uuid), eq(auditLog.action, 'update')));
    expect(audit).toMatchObject({
      before: {
        benefitAmount: '40.00',
        benefitBalance: '30.00',
        benefitExpirationDate: '2026-12-31',
        updationChannel: null,
      },
      after: {
        benefitAmount: '50.00',
        benefitBalance: '40.00',
        benefitExpirationDate: '2027-01-15',
        updationChannel: 'FILE',
      },
    });
    expect(Object.keys(audit!.after as object).sort()).toEqual([
      'benefitAmount',
      'benefitBalance',
      'benefitExpirationDate',
      'updationChannel',
    ]);

    // The same file again changes nothing.
    expect((await upload(w.tokens.adminA, row('2027-01-15', '50'))).json()).toMatchObject({ updated: 0, unchanged: 1 });
    // Less than was spent: refused.
    expect((await upload(w.tokens.adminA, row('2027-01-15', '5'))).json().errors).toEqual([
      { row: 2, column: 'Amount', reason: BENEFIT_MESSAGES.FILE_BALANCE_BELOW_SPENT },
    ]);
    // Another recipient's number: refused.
    expect((await upload(w.tokens.adminA, row('2027-01-15', '50', w.r2.recipientIdentifier))).json().errors).toEqual([
      { row: 2, column: 'Authorization Number', reason: BENEFIT_MESSAGES.FILE_BENEFIT_OTHER_ACCOUNT },
    ]);
    // A voided benefit is only ever "unchanged". (Voided here as PATCH would; the trigger journals the roll-up's part.)
    await t.database.db.update(benefits).set({ statusId: 3 }).where(eq(benefits.id, after!.id));
    expect((await upload(w.tokens.adminA, row('2027-01-20', '50'))).json().errors).toEqual([
      {
        row: 2,
        column: 'Authorization Number',
        reason: 'A benefit with this authorization number exists and is VOID; only an issued benefit can be updated.',
      },
    ]);
    expect((await upload(w.tokens.adminA, row('2027-01-15', '50'))).json()).toMatchObject({
      unchanged: 1,
      rejected: 0,
    });
    const [final] = await benefitsByAuth(w.programA, [number]);
    expect(final).toMatchObject({ amount: '50.00', balance: '40.00', statusId: 3 });
  });

  it('keeps the funding roll-up equal to the benefits after adds and updates', async () => {
    await foldAllIssuanceJournal(t.database.db);
    const totals = await t.database.db
      .select({
        fundingSourceId: benefitIssuanceTotals.fundingSourceId,
        agencyId: benefitIssuanceTotals.agencyId,
        amount: benefitIssuanceTotals.issuedAmount,
        count: benefitIssuanceTotals.issuedCount,
      })
      .from(benefitIssuanceTotals)
      .where(and(eq(benefitIssuanceTotals.programId, w.programA.id), sql`${benefitIssuanceTotals.issuedCount} > 0`));
    const sums = await t.database.db
      .select({
        fundingSourceId: benefits.fundingSourceId,
        agencyId: benefits.agencyId,
        amount: sql<string>`sum(${benefits.amount})::numeric(16,2)::text`,
        count: sql<number>`count(*)::int`,
      })
      .from(benefits)
      .where(and(eq(benefits.programId, w.programA.id), sql`${benefits.statusId} <> 3`))
      .groupBy(benefits.fundingSourceId, benefits.agencyId);
    const key = (r: { fundingSourceId: number | null; agencyId: number | null }) =>
      `${r.fundingSourceId}:${r.agencyId}`;
    expect(Object.fromEntries(totals.map((r) => [key(r), [r.amount, r.count]]))).toEqual(
      Object.fromEntries(sums.map((r) => [key(r), [r.amount, r.count]])),
    );
  });

  it("applies the program's rules: default amount, expiration period, option, notes, and the Program column", async () => {
    const b = w.programB.shortName;
    const ok = auth();
    const numbers = Array.from({ length: 5 }, () => auth());
    const header = ['Program', ...HEADER, 'Option', 'Note'];
    const rb = w.rb.recipientIdentifier;
    const res = await upload(w.tokens.adminAB, {
      content: csv([
        header,
        [b.toLowerCase(), rb, ok, TODAY, '2026-12-22', '50', 'Federal', 'in person at the agency', 'Picked up'], // 2
        [b, rb, numbers[0]!, TODAY, '2026-12-22', '40', 'Federal', '1', ''], // 3
        [w.programB.uuid, rb, numbers[1]!, TODAY, '2026-12-23', '50', 'Federal', '2', ''], // 4
        [String(w.programB.id), rb, numbers[2]!, TODAY, '2026-12-22', '50', 'Federal', '', ''], // 5
        [w.programA.shortName, w.r1.recipientIdentifier, numbers[3]!, TODAY, '2026-12-22', '50', 'USDA', '', 'hello'], // 6
        ['NOSUCHPROGRAM', rb, numbers[4]!, TODAY, '2026-12-22', '50', 'Federal', '1', ''], // 7
      ]),
    });
    const body = res.json() as BenefitFileAnswer;
    expect(body).toMatchObject({ processed: 6, added: 1, rejected: 5 });
    expect(body.errors).toEqual([
      { row: 3, column: 'Amount', reason: 'Amount must be the program default of $50.00.' },
      {
        row: 4,
        column: 'Expiration Date',
        reason: 'Expiration date must be 2026-12-22: the available date plus 30 days minus one.',
      },
      { row: 5, column: 'Option', reason: MESSAGES.BENEFIT_OPTION_REQUIRED },
      { row: 6, column: 'Note', reason: BENEFIT_MESSAGES.NOTE_NOT_ENABLED },
      { row: 7, column: 'Program', reason: BENEFIT_IMPORT_MESSAGES.NOT_A_PROGRAM_OF_CALLER },
    ]);
    const [added] = await benefitsByAuth(w.programB, [ok]);
    expect(added).toMatchObject({
      benefitOptionId: 1,
      note: 'Picked up',
      fundingSourceId: w.bFunds.id,
      amount: '50.00',
    });

    // A program of another admin is not one of the caller's.
    const foreign = await upload(w.tokens.adminA, {
      content: csv([header, [b, rb, auth(), TODAY, '2026-12-22', '50', 'Federal', '1', '']]),
    });
    expect(foreign.json().errors).toEqual([
      { row: 2, column: 'Program', reason: BENEFIT_IMPORT_MESSAGES.NOT_A_PROGRAM_OF_CALLER },
    ]);
  });

  it('issues nothing in a disabled program, and names agencies by code', async () => {
    const { db } = t.database;
    const disabled = await makeProgram(db, { statusId: 1 });
    await db.insert(fundingSources).values({ programId: disabled.id, name: 'USDA' });
    const recipient = await makeRecipient(db, { program: disabled });
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [disabled] });
    const res = await upload(await t.signIn(admin.username), {
      content: csv([HEADER, [recipient.recipientIdentifier, auth(), TODAY, '2026-12-31', '10', 'USDA']]),
    });
    expect(res.json().errors).toEqual([{ row: 2, column: 'Program', reason: BENEFIT_MESSAGES.PROGRAM_NOT_ENABLED }]);

    const [good, wrong, unknown] = [auth(), auth(), auth()];
    const agencyFile = await upload(w.tokens.adminA, {
      content: csv([
        [...HEADER, 'Agency Code'],
        [w.r1.recipientIdentifier, good, TODAY, '2026-12-31', '10', 'USDA', w.a1.code.toLowerCase()],
        [w.r1.recipientIdentifier, wrong, TODAY, '2026-12-31', '10', 'USDA', w.a2.code],
        [w.r1.recipientIdentifier, unknown, TODAY, '2026-12-31', '10', 'USDA', 'NOPE'],
      ]),
    });
    expect(agencyFile.json()).toMatchObject({
      added: 1,
      errors: [
        { row: 3, column: 'Agency Code', reason: BENEFIT_MESSAGES.AGENCY_MISMATCH },
        { row: 4, column: 'Agency Code', reason: BENEFIT_IMPORT_MESSAGES.AGENCY_NOT_FOUND },
      ],
    });
  });

  it("reads date-times in the program's zone, and in the platform's when the program's is unknown", async () => {
    const { db } = t.database;
    const odd = await makeProgram(db, { timeZone: 'Mars/Olympus_Mons' });
    await db.insert(fundingSources).values({ programId: odd.id, name: 'USDA' });
    const recipient = await makeRecipient(db, { program: odd });
    const admin = await makeUser(db, { roleId: ROLE.PROGRAM_ADMIN, programs: [odd] });
    const number = auth();
    // 02:00 UTC on 2026-12-02 is still 2026-12-01 in New York, the platform's zone.
    const res = await upload(await t.signIn(admin.username), {
      content: csv([
        HEADER,
        [recipient.recipientIdentifier, number, '2026-12-02T02:00:00Z', '2026-12-31', '10', 'USDA'],
      ]),
    });
    expect(res.json()).toMatchObject({ added: 1 });
    const [row] = await benefitsByAuth(odd, [number]);
    expect(row!.availableDate).toBe('2026-12-01');
  });

  it('reads an XLSX workbook with date and number cells', async () => {
    const number = auth();
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        [
          'benefitRecipientAccountIdentifier',
          'benefitAuthorizationNumber',
          'benefitAvailableDate',
          'benefitExpirationDate',
          'benefitAmount',
          'fundingSource',
        ],
        [
          w.r1.recipientIdentifier,
          number,
          new Date(Date.UTC(2026, 11, 1)),
          new Date(Date.UTC(2026, 11, 31)),
          12.5,
          'USDA',
        ],
      ],
      { cellDates: true },
    );
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, sheet, 'Benefits');
    const content = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    const res = await upload(w.tokens.adminA, { filename: 'benefits.xlsx', content });
    expect(res.json()).toMatchObject({ added: 1, rejected: 0 });
    const [row] = await benefitsByAuth(w.programA, [number]);
    expect(row).toMatchObject({ availableDate: '2026-12-01', expirationDate: '2026-12-31', amount: '12.50' });
  });

  it("answers 422 'Invalid file content.' at once to a zip bomb: a sheet declaring 2,000 bytes that inflates to 900 MB", async () => {
    // Before the fix: 15-19 s and 1 GB per upload. Now the inflating stops past the 2,000 bytes the entry declares,
    // or, for an entry written with a data descriptor (no size up front), at the 16 MB limit of all entries.
    for (const [dataDescriptor, withinMs] of [
      [false, 1000],
      [true, 3000], // 16 MB really inflated: 0.2-0.5 s on a quiet machine
    ] as const) {
      const content = forgedXlsx({ inflatedMegabytes: 900, dataDescriptor });
      expect(content.length).toBeLessThan(1_048_576);
      const before = process.memoryUsage();
      const started = performance.now();
      const res = await upload(w.tokens.adminA, { filename: 'benefits.xlsx', content });
      const elapsed = performance.now() - started;
      const after = process.memoryUsage();
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MESSAGES.INVALID_FILE_CONTENT);
      expect(elapsed, `data descriptor: ${dataDescriptor}`).toBeLessThan(withinMs);
      expect(after.rss - before.rss).toBeLessThan(200 * 2 ** 20);
      expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(100 * 2 ** 20);
    }
  });

  it('lets one of two simultaneous uploads of the same new number win; the other adds nothing', async () => {
    const number = auth();
    const file = { content: csv([HEADER, [w.r1.recipientIdentifier, number, TODAY, '2026-12-31', '10', 'USDA']]) };
    const answers = (await Promise.all([upload(w.tokens.adminA, file), upload(w.tokens.adminA, file)])).map(
      (r) => r.json() as BenefitFileAnswer,
    );
    expect(answers.map((a) => a.added).sort()).toEqual([0, 1]);
    // Serialised (PGlite) the second sees the first's benefit unchanged; concurrent (PostgreSQL) it loses the insert.
    const loser = answers.find((a) => a.added === 0)!;
    expect(loser.unchanged + loser.rejected).toBe(1);
    expect(await benefitsByAuth(w.programA, [number])).toHaveLength(1);
  });

  it('skips a number taken after the file was checked and writes the other rows whole', async () => {
    // The inserts run plain under a savepoint and again with `on conflict do nothing` when a number was taken
    // (import-queries.ts insertBenefits): a number taken between the look-up and the insert, as a concurrent issue
    // would take it, must cost only its own row, on either path.
    const [taken, free] = [auth(), auth()];
    const notifiedAt = '2026-11-23T15:00:00.000Z';
    const item = (number: string, cents: number) => {
      const row = benefitInsertRow(
        {
          programId: w.programA.id,
          accountId: w.r1.id,
          agencyId: w.a1.id,
          fundingId: w.stateFunds.id,
          authorizationNumber: number,
          benefitTypeId: 1,
          availableDate: TODAY,
          expirationDate: '2026-12-31',
          amountCents: cents,
          creationChannel: 'FILE',
        },
        new Date(notifiedAt),
      );
      const notice = noticeMessage(
        {
          typeId: 1,
          authNumber: number,
          amount: row.amount,
          availableDate: TODAY,
          expirationDate: '2026-12-31',
          programName: w.programA.name,
        },
        'issued',
      );
      return { row, notice };
    };
    const { db } = t.database;
    const first = await db.transaction((tx) => insertBenefits(tx, [taken], (n) => item(n, 500), notifiedAt, []));
    expect(first.inserted.map((b) => b.authorizationNumber)).toEqual([taken]);
    const second = await db.transaction((tx) => insertBenefits(tx, [taken, free], (n) => item(n, 700), notifiedAt, []));
    expect(second.inserted.map((b) => b.authorizationNumber)).toEqual([free]);

    const rows = await benefitsByAuth(w.programA, [taken, free]);
    expect(rows.map((b) => [b.authorizationNumber, b.amount]).sort()).toEqual(
      [
        [taken, '5.00'],
        [free, '7.00'],
      ].sort(),
    );
    // What each call answers is what the file's audit row lists (decision 0090): the uuids of the rows it wrote.
    expect([...first.inserted, ...second.inserted].map((b) => b.uuid).sort()).toEqual(rows.map((b) => b.uuid).sort());
    // One notification per benefit written, none for the skipped row's second try.
    const notes = await db
      .select({ text: notifications.text })
      .from(notifications)
      .where(eq(notifications.accountId, w.r1.id));
    expect(notes.filter((note) => note.text.includes(`${taken})`))).toHaveLength(1);
    expect(notes.filter((note) => note.text.includes(`${free})`))).toHaveLength(1);
  });
});

describe('POST /benefit-api/benefit/file: beside other writers (PostgreSQL)', () => {
  /** Resolves once a backend other than `holder`'s waits for a lock (the import's request), or fails after 10 s. */
  async function untilAnotherWaits(holder: pg.PoolClient, failure: string) {
    const pool = t.database.pool!;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and pid <> $1`,
        [(holder as unknown as { processID: number }).processID],
      );
      if (rows[0]!.n > 0) return;
      if (Date.now() > deadline) throw new Error(failure);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  // Benefits name their source without a foreign key (decision 0123): the file holds its sources to its commit, and a
  // row whose source a program save removed after the file was read is refused, the others written.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'waits for a program save removing a source it names, then refuses that row alone',
    async () => {
      const w = await makeWorld();
      const [going] = await t.database.db
        .insert(fundingSources)
        .values({ programId: w.programA.id, name: 'Going' })
        .returning();
      let removing!: () => void;
      const removed = new Promise<void>((resolve) => (removing = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const save = t.database.db.transaction(async (tx) => {
        await tx.delete(fundingSources).where(eq(fundingSources.id, going!.id));
        removing();
        await released;
      });
      await removed;
      const [kept, gone] = [auth(), auth()];
      let answered = false;
      const response = upload(w.tokens.adminA, {
        content: csv([
          HEADER,
          [w.r1.recipientIdentifier, kept, TODAY, '2026-12-31', '10', 'State Funds'],
          [w.r1.recipientIdentifier, gone, TODAY, '2026-12-31', '10', 'Going'],
        ]),
      }).finally(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
      release();
      await save;
      const res = await response;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        added: 1,
        rejected: 1,
        errors: [{ row: 3, column: 'Funding Source', reason: BENEFIT_MESSAGES.FUNDING_NOT_IN_PROGRAM }],
      });
      expect((await benefitsByAuth(w.programA, [kept, gone])).map((b) => b.authorizationNumber)).toEqual([kept]);
    },
  );

  // No writer of benefits locks a roll-up row (decision 0101): the benefits' trigger appends to issuance_journal. An
  // import goes through while another transaction (an accrual, a fold) holds the day's and the funding roll-up's rows.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    "goes through while another transaction holds the issuance roll-up's rows",
    async () => {
      const w = await makeWorld();
      const { programA, a1, stateFunds, r1 } = w;
      const pool = t.database.pool!;
      await pool.query(
        `insert into dashboard_issuance_days (program_id, day, agency_id, funding_source_id) values ($1, $2, $3, $4)
         on conflict on constraint dashboard_issuance_days_key do nothing`,
        [programA.id, TODAY, a1.id, stateFunds.id],
      );
      await pool.query(
        `insert into benefit_issuance_totals (program_id, funding_source_id, agency_id) values ($1, $2, $3)
         on conflict on constraint benefit_issuance_totals_key do nothing`,
        [programA.id, stateFunds.id, a1.id],
      );
      const holder = await pool.connect();
      try {
        await holder.query('begin');
        await holder.query(
          `select 1 from dashboard_issuance_days where program_id = $1 and day = $2 and agency_id = $3
             and funding_source_id = $4 for update`,
          [programA.id, TODAY, a1.id, stateFunds.id],
        );
        await holder.query(
          `select 1 from benefit_issuance_totals where program_id = $1 and funding_source_id = $2 and agency_id = $3
             for update`,
          [programA.id, stateFunds.id, a1.id],
        );
        const number = auth();
        const response = await upload(w.tokens.adminA, {
          content: csv([HEADER, [r1.recipientIdentifier, number, TODAY, '2026-12-31', '10', 'State Funds']]),
        });
        expect(response.statusCode).toBe(200);
        expect((response.json() as BenefitFileAnswer).added).toBe(1);
        expect(await benefitsByAuth(programA, [number])).toHaveLength(1);
      } finally {
        await holder.query('rollback').catch(() => undefined);
        holder.release();
      }
    },
  );

  // A real deadlock: another transaction holds the agency's row the import's funding check needs, and then wants the
  // benefit the import has locked to change it. PostgreSQL breaks the cycle in the backend whose wait first outlasts
  // its deadlock_timeout; the other waits longer (3 s against the import's 1 s), so that is the import: the request
  // answers 503 with Retry-After (decision 0088), nothing of the file is written, and the other goes on. On a machine
  // so loaded that the import's check ran before the other even waited, the other is the one aborted and the round is
  // tried again.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'answers 503 with Retry-After and writes nothing when PostgreSQL aborts it to break a deadlock',
    async () => {
      const w = await makeWorld();
      const { programA, a1, r1 } = w;
      const pool = t.database.pool!;
      const number = auth();
      const line = (amount: string) => [r1.recipientIdentifier, number, TODAY, '2026-12-31', amount, 'State Funds'];
      expect((await upload(w.tokens.adminA, { content: csv([HEADER, line('10')]) })).statusCode).toBe(200);
      const [benefit] = await benefitsByAuth(programA, [number]);
      let amount = 10;
      for (let round = 1; ; round++) {
        const other = await pool.connect();
        try {
          await other.query('begin');
          await other.query(`set local deadlock_timeout = '3s'`);
          await other.query('select 1 from agencies where id = $1 for no key update', [a1.id]);
          // A higher amount raises the agency's issued total, so the import's funding check wants the agency's row.
          amount += 10;
          const answer = upload(w.tokens.adminA, { content: csv([HEADER, line(String(amount))]) });
          await untilAnotherWaits(other, 'the import never waited for the agency');
          // Now the other wants the benefit the import has locked and changed: a cycle of waits.
          const otherAborted = await other.query('update benefits set note = note where id = $1', [benefit!.id]).then(
            () => false,
            (error: { code?: string }) => {
              if (error.code !== '40P01') throw error;
              return true;
            },
          );
          if (otherAborted) {
            await other.query('rollback');
            expect((await answer).statusCode).toBe(200);
            if (round < 3) continue;
            throw new Error('PostgreSQL chose the other transaction three times');
          }
          await other.query('commit');
          const response = await answer;
          expect(response.statusCode).toBe(503);
          expect(response.headers['retry-after']).toBe('1');
          expect(response.json()).toMatchObject({
            status: 503,
            message: MESSAGES.API_UNAVAILABLE,
            errorMessages: [{ appErrorCode: 'UNAVAILABLE', appErrorMessage: MESSAGES.API_UNAVAILABLE }],
          });
          const before = (await benefitsByAuth(programA, [number]))[0]!.amount;
          expect(before).toBe((amount - 10).toFixed(2));
          // The same file again, with nothing in its way, goes through.
          const again = await upload(w.tokens.adminA, { content: csv([HEADER, line(String(amount))]) });
          expect(again.statusCode).toBe(200);
          expect((await benefitsByAuth(programA, [number]))[0]!.amount).toBe(amount.toFixed(2));
          return;
        } finally {
          await other.query('rollback').catch(() => undefined);
          other.release();
        }
      }
    },
    60_000,
  );
});
