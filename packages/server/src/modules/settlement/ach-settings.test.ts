import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { type AchSettingsAnswer, parseAch, SETTLEMENT_MESSAGES } from '@ebt/core/settlement';
import { useTestApp } from '../../testing/app.js';
import { makeProgram, makeUser } from '../../testing/factories.js';
import { call, purchaseOf } from '../../testing/pos-world.js';
import { makeSettlementWorld, setConfig } from '../../testing/settlement.js';

// The program's ACH originator and who shares it (docs/settlement.md "ACH file"): a
// program's own settlement.ach.<key>.<SHORT NAME> wins over the key of all programs, in the answer and in the file; the
// answer names the sharing programs the caller may see and only counts the others.

const t = useTestApp();

const unique = () => String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-9);

describe('GET /settlement-api/ach-settings', () => {
  it('names the programs sharing the originator the caller may see, counts the others, and the file carries the ids', async () => {
    const w = await makeSettlementWorld(t);
    const visible = await makeProgram(t.database.db);
    const hidden = await makeProgram(t.database.db);
    const apart = await makeProgram(t.database.db);
    const companyId = `1${unique()}`;
    // The program and a hidden one by company id; a visible one by immediate origin only; one apart with its own.
    await setConfig(t.database.db, `settlement.ach.companyId.${w.program.shortName}`, companyId);
    await setConfig(t.database.db, `settlement.ach.companyId.${hidden.shortName}`, companyId);
    await setConfig(t.database.db, `settlement.ach.companyId.${visible.shortName}`, `2${unique()}`);
    await setConfig(t.database.db, `settlement.ach.immediateOrigin.${visible.shortName}`, companyId);
    await setConfig(t.database.db, `settlement.ach.companyId.${apart.shortName}`, `3${unique()}`);
    await setConfig(t.database.db, `settlement.ach.leadDays.${w.program.shortName}`, '2');

    const admin = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program, visible, apart] });
    const token = await t.signIn(admin.username);
    const url = `/settlement-api/ach-settings?programUuid=${w.program.uuid}`;
    const res = await t.injectAs(token, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as AchSettingsAnswer;
    expect(answer).toMatchObject({
      programUuid: w.program.uuid,
      companyId,
      immediateOrigin: companyId,
      companyName: w.program.name,
      leadDays: 2,
      sharedWith: [{ programUuid: visible.uuid, programName: visible.name }],
      sharedWithOthers: 1,
    });
    expect(res.body).not.toContain(hidden.name);
    expect(res.body).not.toContain(hidden.uuid);

    // A platform administrator sees every sharing program by name.
    const root = await makeUser(t.database.db, { roleId: ROLE.PLATFORM_ADMIN });
    const all = (await t.injectAs(await t.signIn(root.username), { method: 'GET', url })).json() as AchSettingsAnswer;
    expect(all.sharedWith.map((p) => p.programUuid).sort()).toEqual([visible.uuid, hidden.uuid].sort());
    expect(all.sharedWithOthers).toBe(0);

    // The program apart shares with nobody; a program outside the caller's answers 404 like a missing one.
    const alone = await t.injectAs(token, {
      method: 'GET',
      url: `/settlement-api/ach-settings?programUuid=${apart.uuid}`,
    });
    expect(alone.json()).toMatchObject({ sharedWith: [], sharedWithOthers: 0 });
    const refused = await t.injectAs(token, {
      method: 'GET',
      url: `/settlement-api/ach-settings?programUuid=${hidden.uuid}`,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: SETTLEMENT_MESSAGES.PROGRAM_NOT_FOUND });

    // The file carries the program's own ids: immediate origin (header 14-23), company id (batch header 41-50).
    await w.giveIncentive('20.00');
    await w.giveBenefit('100.00');
    await call(t, w.terminals.first, 'purchase', purchaseOf(w.card.pan, 30));
    const closed = await t.injectAs(token, {
      method: 'POST',
      url: '/settlement-api/batches/close',
      payload: { programUuid: w.program.uuid },
    });
    const batchUuid = (closed.json() as { batch: { batchUuid: string } }).batch.batchUuid;
    await w.giveSettlementAccount();
    const file = await t.injectAs(token, { method: 'GET', url: `/settlement-api/batches/${batchUuid}/ach` });
    expect(file.statusCode, file.body).toBe(200);
    const parsed = parseAch(file.body);
    expect(parsed.header.slice(13, 23)).toBe(companyId);
    expect(parsed.batchHeader.slice(40, 50)).toBe(companyId);
  });

  it('without a program id of the caller, refuses the call', async () => {
    const w = await makeSettlementWorld(t);
    const admin = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.program] });
    const token = await t.signIn(admin.username);
    const res = await t.injectAs(token, { method: 'GET', url: '/settlement-api/ach-settings' });
    expect(res.statusCode).toBe(400);
  });
});
