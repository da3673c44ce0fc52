import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { MESSAGES } from '@ebt/core/messages';
import { PROGRAM_MESSAGES, SECRET_MASK } from '@ebt/core/programs';
import {
  auditLog,
  configEntries,
  fundingSources,
  incentives,
  pans,
  programs,
  recipientAccounts,
} from '../../db/schema/index.js';
import { CONFIG_VALUES } from '../../platform/config-values.js';
import { decrypt } from '../../platform/crypto.js';
import { isUniqueViolation } from '../../platform/errors.js';
import { useTestApp } from '../../testing/app.js';
import { makeRecipient } from '../../testing/factories.js';
import { buildWorld } from '../../testing/world.js';
import { validProgramBody } from '../../testing/programs.js';
import { applyFundingSources } from './writes.js';

// Admin programs (B§2 "Admin programs", B§4 "Program funding sources", B§5 "Program", B§7, B§8, B§9; resolution 6;
// docs/decisions/0030). The test clock's today is 2026-11-23.

const KEY = randomBytes(32);
const t = useTestApp({ DATA_ENCRYPTION_KEY: KEY.toString('hex') });
const db = () => t.database.db;

async function makeWorld() {
  return buildWorld(t, {
    programs: {
      alpha: { name: 'Alpha Harvest', shortName: 'ALPHA', contactEmail: 'alpha@state.example', contactStateCode: 'CT' },
      beta: {
        name: 'Beta Market',
        shortName: 'BETA',
        contactEmail: 'beta@state.example',
        contactStateCode: 'NY',
        statusId: 1,
      },
    },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdmin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['alpha'] },
    },
  });
}
let w: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  w = await makeWorld();
});

const admin = () => w.tokens.platformAdmin;
const search = (query: string, token = admin()) =>
  t.injectAs(token, { method: 'GET', url: `/admin-api/programs${query}` });
const add = (payload: unknown, token = admin()) =>
  t.injectAs(token, { method: 'POST', url: '/admin-api/programs', payload: payload as object });
const save = (uuid: string, payload: unknown, token = admin()) =>
  t.injectAs(token, { method: 'PUT', url: `/admin-api/programs/${uuid}`, payload: payload as object });
const detail = (uuid: string, token = admin()) =>
  t.injectAs(token, { method: 'GET', url: `/admin-api/programs/${uuid}` });
const programByShortName = async (shortName: string) =>
  (await db().select().from(programs).where(eq(programs.shortName, shortName)))[0];
const sourcesOf = async (programId: number) =>
  (await db().select().from(fundingSources).where(eq(fundingSources.programId, programId))).map((s) => s.name).sort();
const messageOf = (res: { json(): unknown }) => (res.json() as { message: string }).message;

describe('GET /admin-api/programs', () => {
  it('finds programs by name, short name and e-mail prefixes, state and status, with the columns of the list', async () => {
    const names = async (query: string) =>
      ((await search(query)).json() as { data: { programName: string }[] }).data.map((p) => p.programName);
    expect(await names('?programName=alpha')).toEqual(['Alpha Harvest']);
    expect(await names('?shortName=bet')).toEqual(['Beta Market']);
    expect(await names('?contactEmail=ALPHA@')).toEqual(['Alpha Harvest']);
    expect(await names('?contactStateCode=ny')).toEqual(['Beta Market']);
    expect(await names('?programStatusId=1&programName=')).toEqual(['Beta Market']);
    expect(await names('?programName=zzz')).toEqual([]);
    const all = await search('');
    expect(all.statusCode).toBe(200);
    expect((all.json() as { data: unknown[] }).data.length).toBeGreaterThanOrEqual(2);
    const res = await search('?shortName=ALPHA');
    expect(res.json()).toEqual({
      data: [
        {
          programUuid: w.programs.alpha.uuid,
          programId: w.programs.alpha.id,
          programName: 'Alpha Harvest',
          shortName: 'ALPHA',
          contactEmail: 'alpha@state.example',
          programStatusId: 0,
          startDate: '2026-01-01',
          endDate: '2027-12-31',
          contactStateCode: 'CT',
        },
      ],
      totalCount: 1,
      countCapped: false,
    });
  });

  it('answers 400 for a bad criterion and 403 to anyone but a platform administrator', async () => {
    expect((await search('?programStatusId=7')).statusCode).toBe(400);
    expect((await search('?contactStateCode=Connecticut')).statusCode).toBe(400);
    expect((await search('', w.tokens.programAdmin)).statusCode).toBe(403);
    expect((await t.injectAs(null, { method: 'GET', url: '/admin-api/programs' })).statusCode).toBe(401);
  });
});

describe('POST /admin-api/programs', () => {
  it("adds the program with its funding sources in one go: 'Program added.', the rows and the audit entry", async () => {
    const body = validProgramBody({ shortName: 'HARVEST1' });
    const res = await add(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(messageOf(res)).toBe('Program added.');
    const row = (await programByShortName('HARVEST1'))!;
    expect(row).toMatchObject({
      uuid: (res.json() as { programUuid: string }).programUuid,
      name: body.programName,
      contactPhone: '(860) 555-0100',
      startDate: '2026-12-01',
      benefitAmount: '25.50',
      fundingAmount: '100000.00',
      benefitExpirationDays: 90,
      incentiveExpirationDays: 0,
      enableBenefitNote: true,
      bin: null,
      seriesNbr: null,
      configuration: null,
    });
    expect(await sourcesOf(row.id)).toEqual(['State Funds', 'USDA']);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'program'), eq(auditLog.entityId, row.uuid)));
    expect(audit).toMatchObject({ action: 'create', actorUserId: w.users.platformAdmin.id });
    expect(audit!.after).toMatchObject({ shortName: 'HARVEST1', fundingSources: 'State Funds, USDA' });
    // Its printed-PAN account is made with it (decision 0035), named in the same audit row.
    const pools = await db()
      .select()
      .from(recipientAccounts)
      .where(and(eq(recipientAccounts.programId, row.id), eq(recipientAccounts.isCardPool, true)));
    expect(pools).toHaveLength(1);
    expect(audit!.after).toMatchObject({ cardPoolUuid: pools[0]!.uuid });
  });

  it("takes a new program's printed-PAN maximum from 'pan.defaultMaxPrintedPans' in force", async () => {
    await db()
      .insert(configEntries)
      .values([
        { configKey: 'pan.defaultMaxPrintedPans', configValue: '640', effectiveDate: '2026-01-01' },
        { configKey: 'pan.defaultMaxPrintedPans', configValue: '900', effectiveDate: '2027-01-01' },
      ]);
    CONFIG_VALUES.invalidate(db()); // written behind the cache's back, as another instance would
    expect((await add(validProgramBody({ shortName: 'PANMAX' }))).statusCode).toBe(200);
    expect((await programByShortName('PANMAX'))!.maxPrintedPans).toBe(640);
  });

  it("refuses a funding source name twice (ignoring case) with 409 'Funding Source Name already exists.' and saves nothing", async () => {
    const body = validProgramBody({
      shortName: 'DUPFUND',
      fundingSources: [
        { fundingId: -1, name: 'State Funds' },
        { fundingId: -2, name: ' state funds ' },
      ],
    });
    const res = await add(body);
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe('Funding Source Name already exists.');
    expect(await programByShortName('DUPFUND')).toBeUndefined();
  });

  it('refuses a program without funding sources, a taken short name and start dates before today', async () => {
    const none = await add(validProgramBody({ fundingSources: [] }));
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(PROGRAM_MESSAGES.FUNDING_SOURCE_REQUIRED);
    const taken = await add(validProgramBody({ shortName: 'alpha' }));
    expect(taken.statusCode).toBe(409);
    expect(messageOf(taken)).toBe(PROGRAM_MESSAGES.SHORT_NAME_EXISTS);
    const early = await add(validProgramBody({ shortName: 'EARLY', startDate: '2026-11-22' }));
    expect(early.statusCode).toBe(400);
    expect(messageOf(early)).toBe('Date cannot be before 2026-11-23.');
    expect(await programByShortName('EARLY')).toBeUndefined();
    expect((await add(validProgramBody({ shortName: 'TODAY', startDate: '2026-11-23' }))).statusCode).toBe(200);
  });

  it.each([
    ['a short name of 21 characters', { shortName: 'S'.repeat(21) }],
    ['a name of 46 characters', { programName: 'N'.repeat(46) }],
    ['a configuration of 1001 characters', { configuration: `{"a":"${'x'.repeat(993)}"}` }],
    ['a configuration that is not a JSON object', { configuration: 'issuerNumber=1' }],
    ['a configuration with a number JSON cannot write back (1e999)', { configuration: '{"a":1e999}' }],
    ['an end date before the start date', { startDate: '2027-01-02', endDate: '2027-01-01' }],
    ['a date before 2021-02-01', { startDate: '2021-01-31' }],
    ['a malformed date', { endDate: '2027-02-30' }],
    ['a bad e-mail', { contactEmail: 'harvest.example.com' }],
    ['an e-mail of 201 characters', { contactEmail: `${'e'.repeat(189)}@example.com` }],
    ['a bad phone', { contactPhone: '555-01' }],
    ['a zip of 4 digits', { contactZip: '0610' }],
    ['a missing city', { contactCity: '' }],
    ['expiration days of 10000', { benefitExpiration: 10000 }],
    ['negative expiration days', { incentiveExpiration: -1 }],
    ['a benefit amount of 10000.00', { benefitAmount: 10000 }],
    ['a benefit amount with three decimals', { benefitAmount: 1.005 }],
    ['a funding amount over 99999999', { fundingAmount: 100000000 }],
    ['a bin and series of eight digits', { bin: '1234', seriesNbr: '5678' }],
    ['a bin without a series', { bin: '123456789', seriesNbr: '' }],
    ['a funding source name of 1 character', { fundingSources: [{ fundingId: -1, name: 'X' }] }],
    ['a funding source name of 31 characters', { fundingSources: [{ fundingId: -1, name: 'F'.repeat(31) }] }],
    ['a funding source id of 0 (neither saved nor new)', { fundingSources: [{ fundingId: 0, name: 'Zero' }] }],
    ['a status of 2', { programStatusId: 2 }],
  ])('answers 400 for %s and adds nothing', async (_name, overrides) => {
    const body = { ...validProgramBody({ shortName: 'BADINPUT' }), ...(overrides as object) } as { shortName: string };
    const res = await add(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(await programByShortName(body.shortName)).toBeUndefined();
  });

  it('refuses a configuration that fits as sent but not as stored (numbers written out) with the length message', async () => {
    const entries = Array.from({ length: 60 }, (_, i) => `"k${String(i).padStart(2, '0')}":1e20`);
    const configuration = `{${entries.join(',')}}`;
    expect(configuration.length).toBeLessThanOrEqual(1000);
    const res = await add(validProgramBody({ shortName: 'LONGCONF', configuration }));
    expect(res.statusCode).toBe(400);
    expect(messageOf(res)).toBe('Must be at most 1000 characters.');
    expect(await programByShortName('LONGCONF')).toBeUndefined();
    expect((await add(validProgramBody({ shortName: 'SHORTCONF', configuration: '{"a":1e9}' }))).statusCode).toBe(200);
    expect((await programByShortName('SHORTCONF'))!.configuration).toBe('{"a":1000000000}');
  });

  it('keeps short names unique ignoring case in the database too (the last word after a race)', async () => {
    await addedProgram({ shortName: 'CaseKey' });
    const { id: _id, ...row } = (await programByShortName('CaseKey'))!;
    const insertSame = (shortName: string) =>
      db()
        .insert(programs)
        .values({ ...row, uuid: randomUUID(), shortName, bin: null, seriesNbr: null });
    await expect(insertSame('casekey')).rejects.toSatisfy((error: unknown) =>
      isUniqueViolation(error, 'programs_short_name_lower_key'),
    );
  });

  it('keeps bin and series unique across programs, whatever the split of the nine digits (409)', async () => {
    expect((await add(validProgramBody({ shortName: 'PANA', bin: '700100', seriesNbr: '001' }))).statusCode).toBe(200);
    const res = await add(validProgramBody({ shortName: 'PANB', bin: '7001', seriesNbr: '00001' }));
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(PROGRAM_MESSAGES.PAN_PREFIX_EXISTS);
  });

  it('is for platform administrators only (403) and needs a session (401)', async () => {
    expect((await add(validProgramBody(), w.tokens.programAdmin)).statusCode).toBe(403);
    expect((await save(w.programs.alpha.uuid, validProgramBody(), w.tokens.programAdmin)).statusCode).toBe(403);
    expect((await detail(w.programs.alpha.uuid, w.tokens.programAdmin)).statusCode).toBe(403);
    expect((await add(validProgramBody(), null as unknown as string)).statusCode).toBe(401);
  });
});

/** A program added through the API with its funding sources; answers its uuid, id and sources. */
async function addedProgram(overrides: Parameters<typeof validProgramBody>[0] = {}) {
  const body = validProgramBody(overrides);
  const res = await add(body);
  expect(res.statusCode, res.body).toBe(200);
  const uuid = (res.json() as { programUuid: string }).programUuid;
  const program = (await detail(uuid)).json() as {
    programId: number;
    fundingSources: { fundingId: number; name: string }[];
  };
  return { uuid, body, id: program.programId, sources: program.fundingSources };
}

describe('GET and PUT /admin-api/programs/{uuid}', () => {
  it('answers every field of the program, its funding sources by name, and 404 for an unknown uuid', async () => {
    const { uuid, id } = await addedProgram({ shortName: 'DETAIL' });
    const res = await detail(uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      programUuid: uuid,
      programId: id,
      shortName: 'DETAIL',
      benefitAmount: 25.5,
      fundingAmount: 100000,
      benefitExpiration: 90,
      lastIssuanceDate: '2027-10-31',
      panPrefixFixed: false,
      fundingSources: [
        { fundingId: expect.any(Number), name: 'State Funds' },
        { fundingId: expect.any(Number), name: 'USDA' },
      ],
    });
    const missing = await detail('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(messageOf(missing)).toBe(PROGRAM_MESSAGES.PROGRAM_NOT_FOUND);
  });

  it("saves the program's dates and amounts and its funding source changes: 'Program updated.'", async () => {
    const { uuid, id, body, sources } = await addedProgram({ shortName: 'EDIT1' });
    const usda = sources.find((s) => s.name === 'USDA')!;
    const res = await save(uuid, {
      ...body,
      startDate: '2021-02-01', // editing allows dates from 2021-02-01
      endDate: '2028-06-30',
      benefitAmount: 40,
      fundingAmount: 99999999,
      benefitExpiration: 0,
      fundingSources: [
        { fundingId: usda.fundingId, name: 'USDA SNAP' }, // renamed
        { fundingId: -5, name: 'Private Donations' }, // added; State Funds removed
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(messageOf(res)).toBe('Program updated.');
    expect(await programByShortName('EDIT1')).toMatchObject({
      startDate: '2021-02-01',
      endDate: '2028-06-30',
      benefitAmount: '40.00',
      fundingAmount: '99999999.00',
      benefitExpirationDays: 0,
    });
    expect(await sourcesOf(id)).toEqual(['Private Donations', 'USDA SNAP']);
    const [renamed] = await db().select().from(fundingSources).where(eq(fundingSources.id, usda.fundingId));
    expect(renamed!.name).toBe('USDA SNAP'); // the same row: benefits of the source keep it
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'program'), eq(auditLog.entityId, uuid), eq(auditLog.action, 'update')));
    expect(audit!.before).toMatchObject({ endDate: '2027-11-30', fundingSources: 'State Funds, USDA' });
    expect(audit!.after).toMatchObject({ endDate: '2028-06-30', fundingSources: 'Private Donations, USDA SNAP' });
  });

  it('swaps two funding source names in one save', async () => {
    const { uuid, id, body, sources } = await addedProgram({ shortName: 'SWAP' });
    const [a, b] = sources;
    const res = await save(uuid, {
      ...body,
      fundingSources: [
        { fundingId: a!.fundingId, name: b!.name },
        { fundingId: b!.fundingId, name: a!.name },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sourcesOf(id)).toEqual(['State Funds', 'USDA']);
  });

  it('refuses to remove a funding source a benefit or incentive uses (409) and leaves the whole program as it was', async () => {
    const { uuid, id, body, sources } = await addedProgram({ shortName: 'INUSE' });
    const state = sources.find((s) => s.name === 'State Funds')!;
    await db()
      .insert(incentives)
      .values({ programId: id, fundingSourceId: state.fundingId, name: 'Double Up', startDate: '2026-12-01' });
    const res = await save(uuid, {
      ...body,
      programName: 'Renamed In Use',
      endDate: '2029-01-01',
      fundingSources: [
        { fundingId: sources.find((s) => s.name === 'USDA')!.fundingId, name: 'USDA' },
        { fundingId: -1, name: 'New One' },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe('Funding source State Funds is used by benefits or incentives and cannot be removed.');
    expect(await programByShortName('INUSE')).toMatchObject({ name: body.programName, endDate: '2027-11-30' });
    expect(await sourcesOf(id)).toEqual(['State Funds', 'USDA']);
  });

  it('answers the same 409 when a row begins to use a removed source after the in-use check (the foreign key)', async () => {
    const { uuid, id, body, sources } = await addedProgram({ shortName: 'FKRACE' });
    const state = sources.find((s) => s.name === 'State Funds')!;
    // A table the in-use check does not read stands for a benefit inserted by another request after that check:
    // the delete meets the foreign key (23503) just as it would then.
    await db().execute(sql`create table fk_race_probe (funding_source_id integer references funding_sources(id))`);
    try {
      await db().execute(sql`insert into fk_race_probe values (${state.fundingId})`);
      const res = await save(uuid, {
        ...body,
        programName: 'Renamed In Race',
        fundingSources: sources.filter((s) => s.name === 'USDA'),
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(messageOf(res)).toBe(
        'Funding source State Funds is used by benefits or incentives and cannot be removed.',
      );
      expect(await programByShortName('FKRACE')).toMatchObject({ name: body.programName });
      expect(await sourcesOf(id)).toEqual(['State Funds', 'USDA']);
    } finally {
      await db().execute(sql`drop table fk_race_probe`);
    }
  });

  it("refuses a duplicate name on save with 409 'Funding Source Name already exists.', a source of another program with 400", async () => {
    const { uuid, body, sources } = await addedProgram({ shortName: 'DUPSAVE' });
    const dup = await save(uuid, { ...body, fundingSources: [...sources, { fundingId: -1, name: 'usda' }] });
    expect(dup.statusCode).toBe(409);
    expect(messageOf(dup)).toBe(MESSAGES.FUNDING_SOURCE_EXISTS);
    const other = await addedProgram({ shortName: 'OTHERSRC' });
    const foreign = await save(uuid, {
      ...body,
      fundingSources: [...sources, { ...other.sources[0]!, name: 'Foreign' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(messageOf(foreign)).toBe(PROGRAM_MESSAGES.FUNDING_SOURCE_UNKNOWN);
  });

  it('refuses funding source id 0 on save (400) and keeps the sources; the server refuses changes that leave none', async () => {
    const { uuid, id, body, sources } = await addedProgram({ shortName: 'ZEROID' });
    const res = await save(uuid, { ...body, fundingSources: [{ fundingId: 0, name: 'USDA' }] });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(PROGRAM_MESSAGES.FUNDING_SOURCE_UNKNOWN);
    expect(await sourcesOf(id)).toEqual(['State Funds', 'USDA']);
    // Below the schema: applying an empty list of changes is refused with the rule's message, and deletes nothing.
    await expect(db().transaction((tx) => applyFundingSources(tx, id, sources, []))).rejects.toMatchObject({
      status: 400,
      message: PROGRAM_MESSAGES.FUNDING_SOURCE_REQUIRED,
    });
    expect(await sourcesOf(id)).toEqual(['State Funds', 'USDA']);
  });

  it('fixes bin and series once a PAN exists for the program (409) and answers 404 for an unknown program', async () => {
    const { uuid, id, body } = await addedProgram({ shortName: 'FIXED', bin: '800100', seriesNbr: '001' });
    const account = await makeRecipient(db(), { program: { id } });
    await db()
      .insert(pans)
      .values({ programId: id, accountId: account.id, panHash: 'h'.repeat(64), panEncrypted: 'x', panLast4: '1234' });
    expect((await detail(uuid)).json()).toMatchObject({ panPrefixFixed: true });
    const res = await save(uuid, { ...body, seriesNbr: '002' });
    expect(res.statusCode).toBe(409);
    expect(messageOf(res)).toBe(PROGRAM_MESSAGES.PAN_PREFIX_FIXED);
    expect((await save(uuid, { ...body, programName: 'Still Fine' })).statusCode).toBe(200);
    expect((await save('00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
  });

  it('refuses edited dates before 2021-02-01 with 400 and changes nothing', async () => {
    const { uuid, body } = await addedProgram({ shortName: 'OLDDATE' });
    const res = await save(uuid, { ...body, startDate: '2021-01-31' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Date cannot be before 2021-02-01.');
    expect(await programByShortName('OLDDATE')).toMatchObject({ startDate: '2026-12-01' });
  });
});

describe('the program\'s PIN setting (docs/security.md "Card PINs")', () => {
  it('answers pinRequired (new programs: on), saves it off and on, each save audited; left out it stays', async () => {
    expect((await add(validProgramBody({ shortName: 'PINPROG' }))).statusCode).toBe(200);
    const program = (await programByShortName('PINPROG'))!;
    expect(program.pinRequired).toBe(true);
    expect((await detail(program.uuid)).json()).toMatchObject({ pinRequired: true });
    const off = await save(program.uuid, validProgramBody({ shortName: 'PINPROG', pinRequired: false }));
    expect(off.statusCode, off.body).toBe(200);
    expect((await detail(program.uuid)).json()).toMatchObject({ pinRequired: false });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'program'), eq(auditLog.entityId, program.uuid), eq(auditLog.action, 'update')));
    expect(audits.at(-1)).toMatchObject({ before: { pinRequired: true }, after: { pinRequired: false } });
    // A client that does not send it leaves the setting as it is.
    expect((await save(program.uuid, validProgramBody({ shortName: 'PINPROG' }))).statusCode).toBe(200);
    expect((await programByShortName('PINPROG'))!.pinRequired).toBe(false);
    expect(
      (await save(program.uuid, { ...validProgramBody({ shortName: 'PINPROG' }), pinRequired: 'yes' })).statusCode,
    ).toBe(400);
    expect((await save(program.uuid, validProgramBody({ shortName: 'PINPROG', pinRequired: true }))).statusCode).toBe(
      200,
    );
    expect((await programByShortName('PINPROG'))!.pinRequired).toBe(true);
  });
});

describe('secret configuration entries', () => {
  const SECRET = 'Sup3r-Secret-Signing-Key';
  const configuration = (qrSigningKey: string) =>
    JSON.stringify({ issuerNumber: '810100', accountNumberLength: '9', qrSigningKey, pinOffsetKey: '' });

  it('are stored encrypted, answered masked, kept when sent back masked and cleared when sent empty', async () => {
    const { uuid, body } = await addedProgram({ shortName: 'SECRETS', configuration: configuration(SECRET) });
    const row = (await programByShortName('SECRETS'))!;
    expect(row.configuration).not.toContain(SECRET);
    expect(row.configurationSecrets).not.toContain(SECRET);
    expect(JSON.parse(decrypt(row.configurationSecrets!, KEY))).toEqual({
      qrSigningKey: SECRET,
    });

    const shown = (await detail(uuid)).json() as { configuration: string };
    expect(JSON.parse(shown.configuration)).toEqual({
      issuerNumber: '810100',
      accountNumberLength: '9',
      qrSigningKey: SECRET_MASK,
      pinOffsetKey: '',
    });

    // Saved back as answered: the secret stays.
    expect((await save(uuid, { ...body, configuration: shown.configuration })).statusCode).toBe(200);
    const kept = (await programByShortName('SECRETS'))!;
    expect(JSON.parse(decrypt(kept.configurationSecrets!, KEY))).toEqual({ qrSigningKey: SECRET });

    // No answer and no audit row carries it.
    for (const res of [await detail(uuid), await search('?shortName=SECRETS')]) expect(res.body).not.toContain(SECRET);
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, uuid));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(audits)).not.toContain(SECRET);

    // Sent empty: cleared.
    expect((await save(uuid, { ...body, configuration: configuration('') })).statusCode).toBe(200);
    expect((await programByShortName('SECRETS'))!.configurationSecrets).toBeNull();
    expect(JSON.parse(((await detail(uuid)).json() as { configuration: string }).configuration).qrSigningKey).toBe('');
  });
});

describe('secret configuration entries named otherwise', () => {
  it('seals keys that speak of a secret anywhere in their name and never answers them', async () => {
    const values = {
      apiKeyId: 'ak-1234-visible-nowhere',
      privateKeyPem: '-----BEGIN PRIVATE KEY-----abc',
      clientSecretValue: 'cs-5678-visible-nowhere',
      credentials: 'user:pa55word-visible-nowhere',
    };
    const { uuid } = await addedProgram({
      shortName: 'SECRETS2',
      configuration: JSON.stringify({ issuerNumber: '810100', ...values }),
    });
    const row = (await programByShortName('SECRETS2'))!;
    expect(JSON.parse(decrypt(row.configurationSecrets!, KEY))).toEqual(values);
    const shown = await detail(uuid);
    expect(JSON.parse((shown.json() as { configuration: string }).configuration)).toEqual({
      issuerNumber: '810100',
      apiKeyId: SECRET_MASK,
      privateKeyPem: SECRET_MASK,
      clientSecretValue: SECRET_MASK,
      credentials: SECRET_MASK,
    });
    const audits = JSON.stringify(await db().select().from(auditLog).where(eq(auditLog.entityId, uuid)));
    for (const value of Object.values(values)) {
      expect(row.configuration).not.toContain(value);
      expect(shown.body).not.toContain(value);
      expect(audits).not.toContain(value);
    }
  });
});

describe('look-ups', () => {
  it("answers the default funding names from 'program.defaultFundingSources' and the benefit option types", async () => {
    const res = await t.injectAs(admin(), { method: 'GET', url: '/admin-api/programs/default-funding' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(['USDA', 'State Funds']);
    await db().insert(configEntries).values({
      configKey: 'program.defaultFundingSources',
      configValue: 'Federal, State, federal, X',
      effectiveDate: '2026-11-23',
    });
    CONFIG_VALUES.invalidate(db());
    const changed = await t.injectAs(admin(), { method: 'GET', url: '/admin-api/programs/default-funding' });
    expect(changed.json()).toEqual(['Federal', 'State']);
    const types = await t.injectAs(admin(), { method: 'GET', url: '/admin-api/benefit-option-types' });
    expect(types.statusCode).toBe(200);
    expect(Array.isArray(types.json())).toBe(true);
    const refused = await t.injectAs(w.tokens.programAdmin, { method: 'GET', url: '/admin-api/benefit-option-types' });
    expect(refused.statusCode).toBe(403);
  });
});
