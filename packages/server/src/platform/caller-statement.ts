import { SESSION_IDLE_MS, SESSION_TOUCH_MS } from '@ebt/core/constants';
import type { Database } from '../db/client.js';
import { type Caller, scopeFor } from './caller.js';
import { sha256 } from './crypto.js';
import type { KeyedRead, KeyedRow } from './keyed-read.js';

/**
 * The caller of a request in one SQL statement (architecture.md "The request path": the caller in one statement,
 * then the work). From the token's digest it reads the session, the user, the role's privileges and the user's
 * programs, agencies and recipient accounts, and in the same statement records the call in last_seen_at, at most
 * once a TOUCH_EVERY_MS (the idle limit is 20 minutes: a write per request would buy nothing and cost a row lock on
 * every call). The write is the function session_touch (migration 0033), called only when the row read is due for it;
 * it only touches a session that is still live, so an idle one can never be revived. The role's privileges come from
 * roles.privilege_codes, which triggers keep (decision 0084): aggregating them was a fifth of the statement's work.
 * The user's programs and agencies come the same way, from the user's own row (users.linked_*, kept by triggers on
 * user_programs and user_agencies with each link's change, decision 0086); a recipient's accounts are read by their
 * user_id index, a farmer user's merchants by merchant_users' key. Each kind is taken below only for the scope it
 * belongs to.
 * A session found idle or expired is ended by the caller of resolveCaller (a second statement, once per session).
 *
 * Nothing is cached between requests: a user disabled on another instance is refused on the next call here
 * (the user's status is read each time), which is what makes several instances safe.
 */

/** last_seen_at is written at most this often. */
export const TOUCH_EVERY_MS = SESSION_TOUCH_MS;

const callerStatement = (extraColumns = '') => `
select case when s.last_seen_at < $2::timestamptz - make_interval(secs => $4::int / 1000.0) and s.ended_at is null
            then session_touch($1, $2, $3, $4) end as touched,
       s.user_id, s.last_seen_at, s.expires_at, s.ended_at,
       u.uuid, u.username, u.role_id, u.status_id, u.email, u.first_name, u.middle_name, u.last_name, u.mobile, u.preferred_language,
       (select r.privilege_codes from roles r where r.id = u.role_id) as privilege_codes,
       u.linked_program_ids as program_ids, u.linked_agency_ids as agency_ids,
       u.linked_agency_program_ids as agency_program_ids, ac.account_ids, ac.account_program_ids,
       (select array_agg(mu.merchant_id order by mu.merchant_id) from merchant_users mu
         where mu.user_id = u.id and mu.revoked_at is null) as merchant_ids${extraColumns}
  from sessions s
  left join users u on u.id = s.user_id
  left join lateral (select array_agg(ra.id order by ra.id) as account_ids,
                            array_agg(ra.program_id) as account_program_ids
                       from recipient_accounts ra where ra.user_id = u.id) ac on true
 where s.token_hash = $1`;

const CALLER_STATEMENT = callerStatement();

/**
 * The caller statement with a route's keyed read as one more column (platform/keyed-read.ts): the row as JSON, or
 * null when no row has the key. A scalar subquery of the session's row, so no session means no read. One text per
 * keyed read, built once.
 */
const withKeyedRead = new Map<string, string>();
function callerStatementWith(read: KeyedRead): string {
  let text = withKeyedRead.get(read.name);
  if (text === undefined) {
    text = callerStatement(`,\n       (select row_to_json(k) from (${read.select('$5')}) k) as keyed_row`);
    withKeyedRead.set(read.name, text);
  }
  return text;
}

interface CallerRow {
  user_id: number;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  uuid: string | null;
  username: string;
  role_id: number;
  status_id: number;
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  mobile: string | null;
  preferred_language: string | null;
  /** The role's privilege codes in order, comma-separated (codes are upper-case words): roles.privilege_codes. */
  privilege_codes: string | null;
  // users.linked_* and array_agg: null when there is no link of the kind
  program_ids: number[] | null;
  agency_ids: number[] | null;
  agency_program_ids: number[] | null;
  account_ids: number[] | null;
  account_program_ids: number[] | null;
  merchant_ids: number[] | null;
  /** Only in the statement with a keyed read. */
  keyed_row?: Record<string, unknown> | null;
}

export type CallerLookup =
  /** keyedRow: the row of the keyed read asked for (null: no row has the key); undefined when none was asked. */
  | { ok: true; caller: Caller; keyedRow: KeyedRow }
  | { ok: false; reason: 'unknown' | 'ended' }
  /** Idle for SESSION_IDLE_MS or past its absolute expiry: the caller ends it (endSession), once. */
  | { ok: false; reason: 'expired'; tokenHash: string }
  /** The session was live but its user may no longer sign in (disabled, deleted): end every session of theirs. */
  | { ok: false; reason: 'user-refused'; userId: number };

/**
 * The privilege set of a list of codes, one shared (read-only) Set per distinct list: every request of a role reads
 * the same codes, and parsing them into a new array and Set each time was a measurable part of a read's CPU. Keyed by
 * the list itself, so a role whose privileges change gets its new set on its next request (nothing outlives a change,
 * on this instance or another). Bounded: there are as many lists as roles with distinct privileges.
 */
const privilegeSets = new Map<string, ReadonlySet<string>>();
const MAX_PRIVILEGE_SETS = 256;
function privilegeSet(codes: string): ReadonlySet<string> {
  let set = privilegeSets.get(codes);
  if (set === undefined) {
    if (privilegeSets.size >= MAX_PRIVILEGE_SETS) privilegeSets.clear();
    set = new Set(codes === '' ? [] : codes.split(','));
    privilegeSets.set(codes, set);
  }
  return set;
}

export async function resolveCaller(
  database: Pick<Database, 'prepared'>,
  token: string,
  now: Date,
  signInStatuses: readonly number[],
  keyed?: { read: KeyedRead; key: string },
): Promise<CallerLookup> {
  const tokenHash = sha256(token);
  const values = [tokenHash, now, SESSION_IDLE_MS, TOUCH_EVERY_MS];
  const [row] = keyed
    ? await database.prepared<CallerRow>(`resolve_caller:${keyed.read.name}`, callerStatementWith(keyed.read), [
        ...values,
        keyed.key,
      ])
    : await database.prepared<CallerRow>('resolve_caller', CALLER_STATEMENT, values);
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.ended_at) return { ok: false, reason: 'ended' };
  const idleFor = now.getTime() - row.last_seen_at.getTime();
  if (idleFor > SESSION_IDLE_MS || now.getTime() >= row.expires_at.getTime()) {
    return { ok: false, reason: 'expired', tokenHash };
  }
  if (row.uuid === null || !signInStatuses.includes(row.status_id)) {
    return { ok: false, reason: 'user-refused', userId: row.user_id };
  }
  const privileges = privilegeSet(row.privilege_codes ?? '');
  const scope = scopeFor(privileges);
  // Agency staff see the programs of their agencies; recipients the programs of their accounts.
  const programIds = new Set(row.program_ids);
  if (scope === 'agencies' && row.agency_program_ids) for (const id of row.agency_program_ids) programIds.add(id);
  if (scope === 'self' && row.account_program_ids) for (const id of row.account_program_ids) programIds.add(id);
  return {
    ok: true,
    keyedRow: keyed ? (row.keyed_row ?? null) : undefined,
    caller: {
      userId: row.user_id,
      userUuid: row.uuid,
      username: row.username,
      roleId: row.role_id,
      privileges,
      scope,
      programIds: [...programIds],
      agencyIds: row.agency_ids ?? [],
      accountIds: row.account_ids ?? [],
      merchantIds: scope === 'merchants' ? (row.merchant_ids ?? []) : [],
      sessionTokenHash: tokenHash,
      profile: {
        email: row.email,
        firstName: row.first_name,
        middleName: row.middle_name,
        lastName: row.last_name,
        mobile: row.mobile,
        preferredLanguage: row.preferred_language,
      },
    },
  };
}
