import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ROLE } from '@ebt/core/enums';
import { auditLog } from '../../db/schema/index.js';
import { useTestApp } from '../../testing/app.js';
import {
  ACCOUNT,
  codeIn,
  lastMessage,
  openProgram,
  ROUTING,
  statusTokenIn,
  TAX_ID,
  validForm,
} from '../../testing/farmer-applications.js';
import { buildWorld } from '../../testing/world.js';

// The tax id, the bank numbers and the status link's secret never appear whole in an answer, an audit row or a log
// line, whichever step of the application they pass through (architecture.md "Card numbers and secrets"). The codes
// and the link go to the farmer's mailbox and phone only.

const lines: string[] = [];
const t = useTestApp({ LOG_LEVEL: 'debug' }, { logLines: lines });

describe('the whole numbers of a farmer application', () => {
  it('appear in no answer, audit row or log line, from the codes to the approval', async () => {
    const w = await buildWorld(t, {
      programs: { p: {} },
      users: { admin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['p'] } },
    });
    await openProgram(t.database.db, w.programs.p);
    const answers: LightMyRequestResponse[] = [];
    const send = async (res: Promise<LightMyRequestResponse>, status: number) => {
      const answer = await res;
      expect(answer.statusCode, answer.body).toBe(status);
      answers.push(answer);
      return answer.json();
    };
    const pub = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.injectAs(w.tokens.admin, { method, url, ...(payload ? { payload } : {}) });

    const form = validForm([w.programs.p.id]);
    await send(pub('GET', '/merchant-api/farmer-application/programs'), 200);
    const { confirmationId } = await send(
      pub('POST', '/merchant-api/farmer-application/confirmations', {
        email: form.email,
        mobilePhone: form.mobilePhone,
      }),
      201,
    );
    const emailCode = codeIn((await lastMessage(t.database.db, form.email)).body);
    const mobileCode = codeIn((await lastMessage(t.database.db, '8605550142', 'sms')).body);
    await send(
      pub('POST', `/merchant-api/farmer-application/confirmations/${confirmationId}`, { emailCode, mobileCode }),
      200,
    );
    // A refused submission echoes nothing of the numbers either.
    await send(pub('POST', '/merchant-api/farmer-application', { ...form, confirmationId, signature: 'Nobody' }), 400);
    const { applicationUuid } = await send(
      pub('POST', '/merchant-api/farmer-application', { ...form, confirmationId }),
      201,
    );
    const token = statusTokenIn((await lastMessage(t.database.db, form.email)).body);
    await send(pub('GET', `/merchant-api/farmer-application/status/${token}`), 200);
    await send(staff('GET', `/merchant-api/farmer-applications?q=${encodeURIComponent(form.farmName)}`), 200);
    await send(staff('GET', `/merchant-api/farmer-applications/${applicationUuid}`), 200);
    await send(
      staff('POST', `/merchant-api/farmer-applications/${applicationUuid}/more-info`, { note: 'Markets?' }),
      200,
    );
    await send(pub('GET', `/merchant-api/farmer-application/status/${token}`), 200);
    const { email: _email, mobilePhone: _mobile, ...fields } = form;
    await send(pub('PUT', `/merchant-api/farmer-application/status/${token}`, { ...fields, signature: 'Nobody' }), 400);
    await send(pub('PUT', `/merchant-api/farmer-application/status/${token}`, fields), 200);
    await send(
      staff('POST', `/merchant-api/farmer-applications/${applicationUuid}/approve`, {
        merchantIdentifier: 'SECRETS-1',
      }),
      200,
    );
    await send(staff('GET', `/merchant-api/farmer-applications/${applicationUuid}`), 200);

    const audits = JSON.stringify(await t.database.db.select().from(auditLog));
    const wholes = { taxId: TAX_ID, account: ACCOUNT, routing: ROUTING, token, emailCode, mobileCode };
    expect(lines.length).toBeGreaterThan(10);
    for (const [name, whole] of Object.entries(wholes)) {
      for (const answer of answers) expect(answer.body, `${name} in ${answer.raw.req.url}`).not.toContain(whole);
      // The status link's URL is the one place its secret travels: its log lines name the route pattern only.
      expect(
        lines.filter((line) => line.includes(whole)),
        `${name} in the log`,
      ).toEqual([]);
      expect(audits.includes(whole), `${name} in the audit log`).toBe(false);
    }
  });
});
