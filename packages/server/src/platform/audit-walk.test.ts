import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@ebt/core/endpoints';
import { ROLE, USER_STATUS } from '@ebt/core/enums';
import { auditLog, fundingSources, pans } from '../db/schema/index.js';
import { seal } from './crypto.js';
import { useTestApp } from '../testing/app.js';
import { luhnCheckDigit } from '@ebt/core/pans';
import {
  DEFAULT_PASSWORD,
  makeAgency,
  makeApplication,
  makeProgram,
  makeRecipient,
  makeUser,
} from '../testing/factories.js';
import { multipartFile } from '../testing/multipart.js';
import { CARD_PIN, makePosWorld, nextTrace, pos, purchaseOf } from '../testing/pos-world.js';
import { validRecipient } from '../testing/recipient-form.js';
import { buildWorld, type World } from '../testing/world.js';
import { editBody } from '../testing/benefits.js';
import { makeEnrolment, makeIncentive } from '../testing/incentives.js';
import { makeMerchant, validMerchantForm } from '../testing/merchants.js';
import { makeFarmer } from '../testing/farmer.js';
import { validInvite } from '../testing/merchant-users.js';
import { validUserForm } from '../testing/users.js';
import { cardNumber } from '../testing/external-cards.js';
import {
  confirmedContact,
  lastMessage as farmerMessage,
  makeFarmerApplication,
  openProgram,
  validForm as validFarmerForm,
} from '../testing/farmer-applications.js';

// The audit walk (security.md "Audit"): every endpoint that changes data (POST, PUT, PATCH, DELETE, and the GETs whose
// contracts say `audited`) is called here through the real app with a valid request, and must leave an audit row
// naming who acted, when (the request's clock, stored as UTC), the entity, and the before and after of the change. A
// route with neither a case nor a stated exemption fails the walk, as a route without declared access fails the access
// walk (access.test.ts).

/** A known look-up key, so the walk can put a printed PAN where assign finds it by the hash of its digits. */
const WALK_HMAC_KEY = randomBytes(32);
const t = useTestApp({ PAN_HMAC_KEY: WALK_HMAC_KEY.toString('hex') });

const NEW_PASSWORD = 'Walked#Audit2026';
const QUESTION_ID = 2;
const ANSWER = 'Rex the Dog';

type WalkWorld = World<'program', 'a1' | 'a2', 'platformAdmin' | 'programAdmin' | 'agencyUser'> & {
  fundingId: number;
};
let w: WalkWorld;

beforeAll(async () => {
  const world = await buildWorld(t, {
    programs: { program: {} },
    agencies: { a1: { program: 'program' }, a2: { program: 'program' } },
    users: {
      platformAdmin: { roleId: ROLE.PLATFORM_ADMIN },
      programAdmin: { roleId: ROLE.PROGRAM_ADMIN, programs: ['program'] },
      agencyUser: { roleId: ROLE.AGENCY_USER, agencies: ['a1'] },
    },
  });
  const [funding] = await t.database.db
    .insert(fundingSources)
    .values({ programId: world.programs.program.id, name: 'State Funds' })
    .returning();
  w = { ...world, fundingId: funding!.id };
});

// Each case starts in a fresh window of every rate limit, a minute after the last, so its rows stand apart.
beforeEach(() => t.clock.advance(3 * 3_600_000));

/**
 * One route's case. `actor` says whom the row names: the signed-in `caller`; the `subject`, a person acting
 * without a session yet (signing in, activating, recovering), whose own id the row carries; or `anonymous`, a public
 * form whose author has no account. `before` and `after` say whether the row carries the old and new values: a
 * create has no before; an event that changes no field of the entity (a sign-in) carries neither.
 */
interface AuditCase {
  action: string;
  entity: string;
  actor: 'caller' | 'subject' | 'anonymous';
  before: boolean;
  after: boolean;
  /** Sets up what the request needs, sends it, and answers it with the acting user's id. */
  send(): Promise<{ res: LightMyRequestResponse; actorUserId: number | null }>;
}

/** A route that changes data but writes no audit row of its own, and why that is right. */
interface Exempt {
  exempt: string;
}

// Helpers the cases share --------------------------------------------------------------------------------------

const signedIn = async (roleId: number = ROLE.RECIPIENT) => {
  const user = await makeUser(t.database.db, { roleId });
  return { user, token: await t.signIn(user.username) };
};

const pendingUser = () =>
  makeUser(t.database.db, {
    password: null,
    statusId: USER_STATUS.PENDING,
    emailVerified: false,
    roleId: ROLE.RECIPIENT,
  });

/** A user who can recover: a security answer on file. */
async function recoverableUser() {
  const { user, token } = await signedIn();
  const set = await t.injectAs(token, {
    method: 'PUT',
    url: '/user-api/user/current/security-answers',
    payload: { questionId: QUESTION_ID, answer: ANSWER },
  });
  expect(set.statusCode).toBe(200);
  return user;
}

/** The newest message to an address, read from the outbox as the person would read their mail. */
async function lastMessageTo(to: string) {
  const res = await t.injectAs((await staff('platformAdmin')).token, { method: 'GET', url: '/admin-api/outbox' });
  const message = (res.json() as { to: string; body: string }[]).find((m) => m.to === to);
  if (!message) throw new Error(`no message was sent to ${to}`);
  return message.body;
}
const linkToken = (body: string, page: 'validate' | 'resetpass' | 'confirm-email') =>
  new RegExp(`/${page}\\?hash=([A-Za-z0-9_-]+)`).exec(body)![1]!;
const code = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;

/** A fresh session of one of the world's staff: the clock's jumps between cases end the earlier ones. */
const staff = async (who: keyof WalkWorld['users']) => ({
  token: await t.signIn(w.users[who].username),
  id: w.users[who].id,
});
const as = async (
  who: { token: string; id: number },
  options: Parameters<typeof t.injectAs>[1],
): ReturnType<AuditCase['send']> => ({ res: await t.injectAs(who.token, options), actorUserId: who.id });

const BANK_CHANGE = {
  bankRoutingNumber: '011000015',
  bankAccountNumber: '44556677',
  confirmAccountNumber: '44556677',
  bankAccountType: 0,
  firstName: 'Walk',
  lastName: 'Farmer',
};

/** A farmer of a merchant of the world's program, signed in, and (when asked) a pending bank change request of it. */
async function bankChangeScene(withRequest = false) {
  const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
  const user = await makeFarmer(t.database.db, [merchant]);
  const farmer = { token: await t.signIn(user.username), id: user.id };
  let requestUuid = '';
  if (withRequest) {
    const res = await t.injectAs(farmer.token, {
      method: 'POST',
      url: `/merchant-api/farmer/merchants/${merchant.uuid}/bank-change-requests`,
      payload: BANK_CHANGE,
    });
    expect(res.statusCode).toBe(201);
    requestUuid = (res.json() as { requestUuid: string }).requestUuid;
  }
  return { merchant, farmer, requestUuid };
}

/** A signed-in recipient with an account in the world's program, who can attach external cards. */
async function cardHolder() {
  const { user, token } = await signedIn(ROLE.RECIPIENT);
  await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1, user });
  return { token, id: user.id };
}
const cardBody = () => ({
  pan: cardNumber(),
  name: 'My SNAP card',
  programUuid: w.programs.program.uuid,
  externalPanTypeId: 1,
});
/** Attaches a card for the holder and answers its externalPanId. */
async function attachedCard(holder: { token: string }) {
  const res = await t.injectAs(holder.token, { method: 'POST', url: '/account-api/external-pan', payload: cardBody() });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { externalPanId: string }).externalPanId;
}

/** A new PAN of a new recipient of the walk's agency (or of `accountUuid`), made through the API. */
async function walkPan(token: string, accountUuid?: string): Promise<number> {
  const uuid =
    accountUuid ?? (await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1 })).uuid;
  const res = await t.injectAs(token, {
    method: 'POST',
    url: '/account-api/pans',
    payload: { programId: w.programs.program.id, accountUuid: uuid },
  });
  return (res.json() as { panId: number }).panId;
}

/** A signed-in recipient with an Active card of the walk's agency, to register phones on. */
async function deviceCard() {
  const user = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
  const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1, user });
  const panId = await walkPan((await staff('agencyUser')).token, account.uuid);
  return { holder: { token: await t.signIn(user.username), id: user.id }, panId };
}
/** A phone's registration: a P-256 public key as a browser exports it (SPKI, base64url). */
const deviceBody = () => ({
  publicKey: generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    .publicKey.export({ type: 'spki', format: 'der' })
    .toString('base64url'),
  name: 'Walk phone',
});
/** A phone registered to a new recipient's card. */
async function registeredDevice() {
  const { holder, panId } = await deviceCard();
  const res = await t.injectAs(holder.token, {
    method: 'POST',
    url: `/account-api/pans/currentuser/${panId}/devices`,
    payload: deviceBody(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { holder, panId, deviceUuid: (res.json() as { deviceUuid: string }).deviceUuid };
}

/** The printed-PAN account of a program (the walk's by default), made on first read. */
async function poolOf(token: string, programId: number = w.programs.program.id): Promise<string> {
  const res = await t.injectAs(token, { method: 'GET', url: `/account-api/account/pangen/${programId}` });
  return (res.json() as { accountUuid: string }).accountUuid;
}

let authorizationSequence = 0;
/** Role ids the walk adds (roles.id is chosen by the administrator): one per case run. */
let walkRoleSequence = 0;
/** Benefit dates from the request clock: available today, expiring in 90 days. */
const benefitDates = () => {
  const today = t.clock.now();
  const later = new Date(today.getTime() + 90 * 86_400_000);
  return { available: today.toISOString().slice(0, 10), expires: later.toISOString().slice(0, 10) };
};
/** POST /benefit-api/benefit of a new recipient of the world's program, as the program admin sends it. */
async function issueRequest(benefitAmount: number) {
  const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1 });
  return {
    method: 'POST' as const,
    url: '/benefit-api/benefit',
    payload: {
      benefitRecipientAccountIdentifier: account.recipientIdentifier,
      benefitAuthorizationNumber: `WALK${++authorizationSequence}`,
      benefitAvailableDate: benefitDates().available,
      benefitExpirationDate: benefitDates().expires,
      benefitAmount,
      programUuid: w.programs.program.uuid,
      fundingId: w.fundingId,
      benefitTypeId: 1,
    },
  };
}
async function issuedBenefit() {
  const res = await t.injectAs((await staff('programAdmin')).token, await issueRequest(40));
  if (res.statusCode !== 201) throw new Error(`issue failed: ${res.body}`);
  return res.json() as Record<string, unknown> & { benefitUuid: string };
}

let walkConfigSequence = 0;
let walkProgramSequence = 0;
/** A valid program form for the admin program routes, dated well after the walk's clock. */
const walkProgramBody = () => ({
  programName: `Walked Program ${++walkProgramSequence}`,
  shortName: `WALK${walkProgramSequence}`,
  programStatusId: 0,
  contactEmail: 'walk@example.com',
  contactPhone: '8605550100',
  contactAddress1: '1 Walk Street',
  contactCity: 'Hartford',
  contactStateCode: 'CT',
  contactZip: '06103',
  startDate: '2030-01-01',
  endDate: '2030-12-31',
  fundingSources: [{ fundingId: -1, name: 'Walk Funds' }],
});

let walkIncentiveSequence = 0;
/** A day `days` after the request clock's, as YYYY-MM-DD (two days or more: clear of the zone's today). */
const walkDay = (days: number) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
/** An incentive of the world's program, running from 2026 on, and a recipient of agency a1 to enrol in it. */
async function enrolmentSetting() {
  const incentive = await makeIncentive(t.database.db, w.programs.program, w.fundingId, { startDate: '2026-01-01' });
  const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1 });
  return { incentive, account };
}

// The table: one entry per route that changes data ---------------------------------------------------------------

const CASES: Record<string, AuditCase | Exempt> = {
  authenticate: {
    action: 'sign-in',
    entity: 'user',
    actor: 'subject',
    before: false,
    after: false, // an event: the session it opens is the record, and its token is never written to the log
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: user.username, password: DEFAULT_PASSWORD },
      });
      return { res, actorUserId: user.id };
    },
  },

  logout: {
    action: 'sign-out',
    entity: 'user',
    actor: 'caller',
    before: false,
    after: false, // an event: the session it ends is the record
    async send() {
      const { user, token } = await signedIn();
      return as({ token, id: user.id }, { method: 'GET', url: '/api/logout' });
    },
  },

  submitApplicant: {
    action: 'create',
    entity: 'applicant',
    actor: 'anonymous', // the public online application: its author has no account yet
    before: false,
    after: true,
    async send() {
      await makeApplication(t.database.db, [w.programs.program]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/account-api/applicant',
        payload: {
          firstname: 'Rosa',
          lastname: 'Parks',
          middlename: 'L',
          address1: '12 Elm Street',
          address2: '',
          city: 'Hartford',
          stateId: 'CT',
          zipcode: '06103',
          email: 'rosa.walk@example.com',
          mobilePhone: '8605550142',
          programId: w.programs.program.id,
        },
      });
      return { res, actorUserId: null };
    },
  },

  checkApplication: {
    exempt: 'the admin test screen asks whether an applicant could apply now; it reads and changes nothing',
  },

  // A file check runs the import and rolls it back, its audit rows with it (decision 0117).
  checkAccountFile: { exempt: 'checks an account file: the import runs and is rolled back, nothing is written' },
  checkBenefitFile: { exempt: 'checks a benefit file: the import runs and is rolled back, nothing is written' },
  checkMerchantFile: { exempt: 'checks a merchant file: the import runs and is rolled back, nothing is written' },

  setNotificationStatus: {
    exempt:
      "marks the caller's own notifications read or dismissed: no one else's data, no record a program must account for",
  },

  receiveSmsReply: {
    exempt:
      "the provider relays a phone's own STOP or START: no user acts, and sms_opt_outs keeps the keyword and its time",
  },

  saveNotificationPreferences: {
    action: 'update',
    entity: 'notification_preferences',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const holder = await cardHolder();
      return as(holder, {
        method: 'PUT',
        url: '/account-api/notifications/preferences',
        payload: { eventIds: [1, 5], methodIds: [1, 2] },
      });
    },
  },

  markAllStaffNotificationsRead: {
    exempt: "marks the caller's own notifications read: no one else's data, no record a program must account for",
  },

  markStaffNotificationRead: {
    exempt:
      "marks one of the caller's own notifications read: no one else's data, no record a program must account for",
  },

  updateOwnUserInfo: {
    action: 'update',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { user, token } = await signedIn();
      return as(
        { token, id: user.id },
        {
          method: 'PUT',
          url: '/user-api/user/currentuser',
          payload: {
            username: user.username,
            userUuid: user.uuid,
            firstname: 'Grace',
            middlename: 'M',
            lastname: 'Hopper',
            email: `grace.${user.id}@example.com`,
            mobile: '8605550199',
          },
        },
      );
    },
  },

  changeOwnPassword: {
    action: 'password-change',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { user, token } = await signedIn();
      return as(
        { token, id: user.id },
        {
          method: 'PUT',
          url: '/user-api/user/password',
          payload: { currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        },
      );
    },
  },

  setOwnSecurityAnswer: {
    action: 'update-security-question',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { user, token } = await signedIn();
      return as(
        { token, id: user.id },
        {
          method: 'PUT',
          url: '/user-api/user/current/security-answers',
          payload: { questionId: QUESTION_ID, answer: ANSWER },
        },
      );
    },
  },

  setOwnLanguage: {
    action: 'update-language',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { user, token } = await signedIn();
      return as(
        { token, id: user.id },
        { method: 'PUT', url: '/user-api/user/current/language', payload: { language: 'es' } },
      );
    },
  },

  sendActivation: {
    action: 'send-activation',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await pendingUser();
      return as(await staff('platformAdmin'), {
        method: 'POST',
        url: '/user-api/user/send-activation',
        payload: { uuid: user.uuid },
      });
    },
  },

  sendRecipientActivation: {
    action: 'send-activation',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await pendingUser();
      await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1, user });
      return as(await staff('agencyUser'), {
        method: 'POST',
        url: '/user-api/recipient-users/send-activation',
        payload: { uuid: user.uuid, resetEmailVerified: false },
      });
    },
  },

  activateUser: {
    action: 'activate',
    entity: 'user',
    actor: 'subject',
    before: true,
    after: true,
    async send() {
      const user = await pendingUser();
      const sent = await t.injectAs((await staff('platformAdmin')).token, {
        method: 'POST',
        url: '/user-api/user/send-activation',
        payload: { uuid: user.uuid },
      });
      expect(sent.statusCode).toBe(200);
      const hash = linkToken(await lastMessageTo(user.email), 'validate');
      const res = await t.app.inject({
        method: 'POST',
        url: '/user-api/activate-user',
        payload: {
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          questionId: 3,
          answer: 'Ford Model T',
          otpPreference: 'email',
          hash,
        },
      });
      return { res, actorUserId: user.id };
    },
  },

  answerPasswordRecoveryQuestion: {
    action: 'recovery-code-sent',
    entity: 'user',
    actor: 'subject',
    before: true,
    after: true,
    async send() {
      const user = await recoverableUser();
      const res = await t.app.inject({
        method: 'POST',
        url: `/user-api/forgot-password/${user.username}`,
        payload: { questionId: QUESTION_ID, answer: ANSWER },
      });
      return { res, actorUserId: user.id };
    },
  },

  answerUsernameRecoveryQuestion: {
    action: 'recovery-code-sent',
    entity: 'user',
    actor: 'subject',
    before: true,
    after: true,
    async send() {
      const user = await recoverableUser();
      const res = await t.app.inject({
        method: 'POST',
        url: `/user-api/user/forgot-username/${user.email}`,
        payload: { questionId: QUESTION_ID, answer: ANSWER },
      });
      return { res, actorUserId: user.id };
    },
  },

  redeemPasswordRecoveryCode: {
    action: 'recovery-code-used',
    entity: 'user',
    actor: 'subject',
    before: false,
    after: true, // the flow the code was used for; the code itself is never written
    async send() {
      const user = await recoverableUser();
      const sent = await t.app.inject({
        method: 'POST',
        url: `/user-api/forgot-password/${user.username}`,
        payload: { questionId: QUESTION_ID, answer: ANSWER },
      });
      expect(sent.statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'GET',
        url: `/user-api/forgot-password/${user.username}/${code(await lastMessageTo(user.email))}`,
      });
      return { res, actorUserId: user.id };
    },
  },

  redeemUsernameRecoveryCode: {
    action: 'recovery-code-used',
    entity: 'user',
    actor: 'subject',
    before: false,
    after: true,
    async send() {
      const user = await recoverableUser();
      const sent = await t.app.inject({
        method: 'POST',
        url: `/user-api/user/forgot-username/${user.email}`,
        payload: { questionId: QUESTION_ID, answer: ANSWER },
      });
      expect(sent.statusCode).toBe(200);
      const res = await t.app.inject({
        method: 'GET',
        url: `/user-api/user/forgot-username/${user.email}/${code(await lastMessageTo(user.email))}`,
      });
      return { res, actorUserId: user.id };
    },
  },

  resetPassword: {
    action: 'reset-password',
    entity: 'user',
    actor: 'subject',
    before: true,
    after: true,
    async send() {
      const user = await recoverableUser();
      await t.app.inject({
        method: 'POST',
        url: `/user-api/forgot-password/${user.username}`,
        payload: { questionId: QUESTION_ID, answer: ANSWER },
      });
      const entered = await t.app.inject({
        method: 'GET',
        url: `/user-api/forgot-password/${user.username}/${code(await lastMessageTo(user.email))}`,
      });
      expect(entered.statusCode).toBe(200);
      const hash = linkToken(await lastMessageTo(user.email), 'resetpass');
      const res = await t.app.inject({
        method: 'POST',
        url: `/user-api/reset-pass/${hash}`,
        payload: { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, currentPassword: NEW_PASSWORD },
      });
      return { res, actorUserId: user.id };
    },
  },

  confirmEmailChange: {
    action: 'confirm-email',
    entity: 'user',
    actor: 'subject',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
      const newEmail = `confirmed-${user.username}@example.org`;
      const saved = await t.injectAs((await staff('programAdmin')).token, {
        method: 'PUT',
        url: `/user-api/user/${user.uuid}`,
        payload: {
          ...validUserForm({ username: user.username, email: newEmail, userStatusId: user.statusId }),
          agencyUuid: w.agencies.a1.uuid,
        },
      });
      expect(saved.statusCode).toBe(200);
      const hash = linkToken(await lastMessageTo(newEmail), 'confirm-email');
      const res = await t.app.inject({
        method: 'POST',
        url: `/user-api/confirm-email/${hash}`,
        payload: { password: DEFAULT_PASSWORD },
      });
      return { res, actorUserId: user.id };
    },
  },

  addRecipient: {
    action: 'create',
    entity: 'recipient_account',
    actor: 'caller',
    before: false,
    after: true,
    send: async () =>
      as(await staff('agencyUser'), {
        method: 'POST',
        url: '/account-api/account',
        payload: { ...validRecipient(), programUuid: w.programs.program.uuid, agencyUuid: w.agencies.a1.uuid },
      }),
  },

  updateRecipient: {
    action: 'inactivate',
    entity: 'recipient_account',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1 });
      return as(await staff('agencyUser'), {
        method: 'PUT',
        url: '/account-api/account',
        payload: { accountUuid: account.uuid, accountStatusId: 1 },
      });
    },
  },

  moveRecipient: {
    action: 'move',
    entity: 'recipient_account',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1 });
      return as(await staff('programAdmin'), {
        method: 'PUT',
        url: '/account-api/account/move',
        payload: { accountUuid: account.uuid, fromAgency: w.agencies.a1.uuid, toAgency: w.agencies.a2.uuid },
      });
    },
  },

  importAccountFile: {
    action: 'import',
    entity: 'account_file',
    actor: 'caller',
    before: false,
    after: true,
    send: async () =>
      as(await staff('programAdmin'), {
        method: 'POST',
        url: `/account-api/account/file/${w.programs.program.uuid}`,
        ...multipartFile(
          'accountFile',
          'accounts.csv',
          'Action Code,Account ID,Agency Code,First Name,Middle Initial,Last Name,Address 1,Address 2,City,State,Zip,' +
            'Email,Mobile Phone,Card Issuance\r\n' +
            `01,,,Rosa,M,Delgado,4 Mill Road,,New Haven,CT,06510,walk.file.${Date.now()}@example.com,2035550188,Y\r\n`,
        ),
      }),
  },

  issueBenefit: {
    action: 'issue',
    entity: 'benefit',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      return as(await staff('programAdmin'), await issueRequest(25));
    },
  },

  updateBenefit: {
    action: 'update',
    entity: 'benefit',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const detail = await issuedBenefit();
      return as(await staff('programAdmin'), {
        method: 'PUT',
        url: '/benefit-api/benefit',
        payload: editBody(detail, { benefitBalance: 30 }),
      });
    },
  },

  voidBenefit: {
    action: 'void',
    entity: 'benefit',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { benefitUuid } = await issuedBenefit();
      return as(await staff('programAdmin'), {
        method: 'PATCH',
        url: `/benefit-api/benefit/${benefitUuid}`,
        payload: { benefitStatus: 'VOID', updationChannel: 'WEB' },
      });
    },
  },

  importBenefitFile: {
    action: 'import',
    entity: 'benefit_file',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1 });
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: '/benefit-api/benefit/file',
        ...multipartFile(
          'benefitFile',
          'benefits.csv',
          'Account ID,Authorization Number,Available Date,Expiration Date,Amount,Funding Source\r\n' +
            `${account.recipientIdentifier},WALKF${++authorizationSequence},${benefitDates().available},` +
            `${benefitDates().expires},10,State Funds\r\n`,
        ),
      });
    },
  },

  addMerchant: {
    action: 'create',
    entity: 'merchant',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: '/merchant-api/merchant',
        payload: { ...validMerchantForm(), programId: w.programs.program.id, creationChannel: 'WEB' },
      });
    },
  },

  updateMerchant: {
    action: 'update',
    entity: 'merchant',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      return as(await staff('programAdmin'), {
        method: 'PUT',
        url: '/merchant-api/merchant',
        payload: { ...validMerchantForm(), merchantUuid: merchant.uuid, updationChannel: 'WEB' },
      });
    },
  },

  setMerchantStatus: {
    action: 'status',
    entity: 'merchant',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      return as(await staff('programAdmin'), {
        method: 'PATCH',
        url: `/merchant-api/merchant/${merchant.uuid}`,
        payload: { merchantStatusId: 1, updationChannel: 'WEB' },
      });
    },
  },

  importMerchantFile: {
    action: 'import',
    entity: 'merchant_file',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: '/merchant-api/merchant/file',
        ...multipartFile(
          'merchantFile',
          'merchants.csv',
          'Action Code,Program Short Name,Merchant Name,Email,Business Phone,Mobile Phone,Address 1,City,State,Zip\r\n' +
            `01,${w.programs.program.shortName},Walk Stand,walk-stand@example.com,8605550100,8605550101,` +
            '1 Walk Street,Hartford,CT,06103\r\n',
        ),
      });
    },
  },

  saveMerchantBankInfo: {
    action: 'bank_update',
    entity: 'merchant',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      return as(await staff('programAdmin'), {
        method: 'PUT',
        url: '/merchant-api/bank-info',
        payload: {
          merchantUuid: merchant.uuid,
          bankName: 'Walk Bank',
          bankAccountNumber: '99887766',
          bankRoutingNumber: '021000021',
          bankAccountType: 0,
          firstName: 'Walk',
          lastName: 'Holder',
        },
      });
    },
  },

  revealMerchantBankInfo: {
    action: 'bank_read',
    entity: 'merchant',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      // No sealed numbers (the helper seals with keys of its own): the read is audited all the same.
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program], bank: null, taxId: null });
      return as(await staff('programAdmin'), {
        method: 'GET',
        url: `/merchant-api/merchant/${merchant.uuid}/bank-info`,
      });
    },
  },

  issueTerminal: {
    action: 'terminal_issue',
    entity: 'merchant',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: `/merchant-api/merchant/${merchant.uuid}/terminals`,
        payload: { name: 'Walk terminal' },
      });
    },
  },

  // The transaction engine: a terminal, not a user, acts; each call's row names the transaction.
  authorizePurchase: {
    action: 'pos_purchase',
    entity: 'transaction',
    actor: 'anonymous',
    before: false,
    after: true,
    async send() {
      const w = await makePosWorld(t);
      await w.giveBenefit('10.00');
      return { res: await pos(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1)), actorUserId: null };
    },
  },
  authorizeRefund: {
    action: 'pos_refund',
    entity: 'transaction',
    actor: 'anonymous',
    before: false,
    after: true,
    async send() {
      const w = await makePosWorld(t);
      await w.giveBenefit('10.00');
      const bought = (await pos(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 2))).json() as { trxUuid: string };
      const res = await pos(t, w.terminal, 'refund', {
        amount: 1,
        original: { trxUuid: bought.trxUuid },
        traceNumber: nextTrace(),
        terminalDateTime: '2026-11-23T10:00:00-05:00',
      });
      return { res, actorUserId: null };
    },
  },
  reverseTransaction: {
    action: 'pos_reversal',
    entity: 'transaction',
    actor: 'anonymous',
    before: false,
    after: true,
    async send() {
      const w = await makePosWorld(t);
      await w.giveBenefit('10.00');
      const bought = (await pos(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 2))).json() as { trxUuid: string };
      const res = await pos(t, w.terminal, 'reversal', {
        original: { trxUuid: bought.trxUuid },
        terminalDateTime: '2026-11-23T10:00:00-05:00',
      });
      return { res, actorUserId: null };
    },
  },
  // Settlement (decision 0056): an administrator's close and the bank's confirmation.
  closeSettlementBatch: {
    action: 'settlement_close',
    entity: 'settlement_batch',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const w = await makePosWorld(t);
      await w.giveBenefit('10.00');
      await pos(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
      return as(await staff('platformAdmin'), {
        method: 'POST',
        url: '/settlement-api/batches/close',
        payload: { programUuid: w.program.uuid },
      });
    },
  },
  markSettlementBatchPaid: {
    action: 'settlement_paid',
    entity: 'settlement_batch',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const w = await makePosWorld(t);
      await w.giveBenefit('10.00');
      await pos(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
      const admin = await staff('platformAdmin');
      const closed = await as(admin, {
        method: 'POST',
        url: '/settlement-api/batches/close',
        payload: { programUuid: w.program.uuid },
      });
      const { batch } = closed.res.json() as { batch: { batchUuid: string } };
      return as(admin, {
        method: 'POST',
        url: `/settlement-api/batches/${batch.batchUuid}/paid`,
        payload: { bankReference: 'WALK-1' },
      });
    },
  },
  // A merchant's statement e-mailed through the outbox (decision 0068).
  emailMerchantStatement: {
    action: 'settlement_statement_email',
    entity: 'settlement_batch',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const w = await makePosWorld(t);
      await w.giveBenefit('10.00');
      await pos(t, w.terminal, 'purchase', purchaseOf(w.card.pan, 1));
      const admin = await staff('platformAdmin');
      const closed = await as(admin, {
        method: 'POST',
        url: '/settlement-api/batches/close',
        payload: { programUuid: w.program.uuid },
      });
      const { batch } = closed.res.json() as { batch: { batchUuid: string } };
      return as(admin, {
        method: 'POST',
        url: `/settlement-api/batches/${batch.batchUuid}/merchants/${w.merchant.uuid}/statement/email`,
      });
    },
  },
  inquireBalance: {
    action: 'pos_balance_inquiry',
    entity: 'transaction',
    actor: 'anonymous',
    before: false,
    after: true,
    async send() {
      const w = await makePosWorld(t);
      const res = await pos(t, w.terminal, 'balance-inquiry', {
        pan: w.card.pan,
        pin: CARD_PIN,
        traceNumber: nextTrace(),
        terminalDateTime: '2026-11-23T10:00:00-05:00',
      });
      return { res, actorUserId: null };
    },
  },

  // The people who sell for a merchant (decision 0109): each row names the link by '<merchant>:<user>'.
  inviteMerchantUser: {
    action: 'invite',
    entity: 'merchant_user',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: `/merchant-api/merchant/${merchant.uuid}/users`,
        payload: validInvite(),
      });
    },
  },

  registerFarmerPhone: {
    action: 'phone_register',
    entity: 'merchant',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      const farmer = await makeFarmer(t.database.db, [merchant]);
      return as(
        { token: await t.signIn(farmer.username), id: farmer.id },
        {
          method: 'POST',
          url: `/merchant-api/farmer/merchants/${merchant.uuid}/phones`,
          payload: { name: 'Walk phone' },
        },
      );
    },
  },

  requestFarmerBankChange: {
    action: 'bank_change_request',
    entity: 'merchant',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const { farmer, merchant } = await bankChangeScene();
      return as(farmer, {
        method: 'POST',
        url: `/merchant-api/farmer/merchants/${merchant.uuid}/bank-change-requests`,
        payload: BANK_CHANGE,
      });
    },
  },

  withdrawFarmerBankChange: {
    action: 'bank_change_withdraw',
    entity: 'merchant',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { farmer, merchant, requestUuid } = await bankChangeScene(true);
      return as(farmer, {
        method: 'DELETE',
        url: `/merchant-api/farmer/merchants/${merchant.uuid}/bank-change-requests/${requestUuid}`,
      });
    },
  },

  confirmMerchantBankChange: {
    action: 'bank_change_confirm',
    entity: 'merchant',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { merchant, requestUuid } = await bankChangeScene(true);
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: `/merchant-api/merchant/${merchant.uuid}/bank-change-requests/${requestUuid}/confirm`,
      });
    },
  },

  refuseMerchantBankChange: {
    action: 'bank_change_refuse',
    entity: 'merchant',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { merchant, requestUuid } = await bankChangeScene(true);
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: `/merchant-api/merchant/${merchant.uuid}/bank-change-requests/${requestUuid}/refuse`,
        payload: { reason: 'Walk refusal' },
      });
    },
  },

  removeFarmerPhone: {
    action: 'phone_revoke',
    entity: 'merchant',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      const farmer = await makeFarmer(t.database.db, [merchant]);
      const who = { token: await t.signIn(farmer.username), id: farmer.id };
      const phones = `/merchant-api/farmer/merchants/${merchant.uuid}/phones`;
      const registered = await as(who, { method: 'POST', url: phones, payload: { name: 'Walk phone' } });
      return as(who, {
        method: 'DELETE',
        url: `${phones}/${(registered.res.json() as { terminalId: string }).terminalId}`,
      });
    },
  },

  revokeMerchantUser: {
    action: 'revoke',
    entity: 'merchant_user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      const farmer = await makeFarmer(t.database.db, [merchant]);
      return as(await staff('programAdmin'), {
        method: 'DELETE',
        url: `/merchant-api/merchant/${merchant.uuid}/users/${farmer.uuid}`,
      });
    },
  },

  resendMerchantUserActivation: {
    action: 'send-activation',
    entity: 'user',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      const farmer = await makeFarmer(t.database.db, [merchant], {
        password: null,
        statusId: USER_STATUS.PENDING,
        emailVerified: false,
      });
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: `/merchant-api/merchant/${merchant.uuid}/users/${farmer.uuid}/activation`,
      });
    },
  },

  revokeTerminal: {
    action: 'terminal_revoke',
    entity: 'merchant',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      const token = await staff('programAdmin');
      const issued = await as(token, {
        method: 'POST',
        url: `/merchant-api/merchant/${merchant.uuid}/terminals`,
        payload: { name: 'Walk terminal' },
      });
      return as(token, {
        method: 'DELETE',
        url: `/merchant-api/merchant/${merchant.uuid}/terminals/${issued.res.json().terminal.terminalId}`,
      });
    },
  },

  setMerchantProgramStatus: {
    action: 'status',
    entity: 'merchant_program',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const merchant = await makeMerchant(t.database.db, { programs: [w.programs.program] });
      return as(await staff('programAdmin'), {
        method: 'PUT',
        url: `/merchant-api/merchant/${merchant.uuid}/${w.programs.program.id}/1`,
      });
    },
  },
  addAgency: {
    action: 'create',
    entity: 'agency',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: '/account-api/agency',
        payload: {
          agencyName: 'Walk Agency',
          agencyCode: `W${++authorizationSequence}`,
          programUuid: w.programs.program.uuid,
          fundingAmount: 1000,
          fundingDate: '2024-01-01',
        },
      });
    },
  },

  updateAgency: {
    action: 'update',
    entity: 'agency',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const agency = await makeAgency(t.database.db, w.programs.program);
      return as(await staff('programAdmin'), {
        method: 'PUT',
        url: `/account-api/agency/${agency.uuid}`,
        payload: { agencyName: 'Walked Agency', fundingAmount: 500 },
      });
    },
  },

  addAgencyUser: {
    action: 'add',
    entity: 'agency_user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: `/account-api/agency/${w.agencies.a2.uuid}/user/${user.uuid}`,
      });
    },
  },

  removeAgencyUser: {
    action: 'remove',
    entity: 'agency_user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, {
        roleId: ROLE.AGENCY_USER,
        agencies: [w.agencies.a1, w.agencies.a2],
      });
      return as(await staff('programAdmin'), {
        method: 'DELETE',
        url: `/account-api/agency/${w.agencies.a1.uuid}/user/${user.uuid}`,
      });
    },
  },

  moveAgencyUser: {
    action: 'move',
    entity: 'agency_user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
      return as(await staff('programAdmin'), {
        method: 'PATCH',
        url: `/account-api/agency/${w.agencies.a1.uuid}/user/${user.uuid}`,
        payload: { agencyUuid: w.agencies.a2.uuid },
      });
    },
  },

  addUser: {
    action: 'create',
    entity: 'user',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: '/user-api/user',
        payload: { ...validUserForm(), agencyUuid: w.agencies.a1.uuid },
      });
    },
  },

  updateUser: {
    action: 'update',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
      return as(await staff('programAdmin'), {
        method: 'PUT',
        url: `/user-api/user/${user.uuid}`,
        payload: {
          ...validUserForm({ username: user.username, email: user.email, userStatusId: user.statusId }),
          agencyUuid: w.agencies.a1.uuid,
          firstname: 'Walked',
        },
      });
    },
  },

  updateRecipientUser: {
    action: 'update',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
      await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1, user });
      return as(await staff('programAdmin'), {
        method: 'PATCH',
        url: `/user-api/recipient-users/${user.uuid}`,
        payload: {
          username: user.username,
          email: user.email,
          firstname: 'Walked',
          lastname: user.lastName,
          mobile: '8605550177',
        },
      });
    },
  },

  // The user-admin, roles and program-admins modules (decision 0025).
  disableUser: {
    action: 'status',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
      return as(await staff('programAdmin'), {
        method: 'PUT',
        url: `/user-api/user/${user.uuid}/status`,
        payload: { userStatusId: USER_STATUS.DISABLED },
      });
    },
  },

  deleteUser: {
    action: 'delete',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
      return as(await staff('programAdmin'), { method: 'DELETE', url: `/user-api/user/${user.uuid}` });
    },
  },

  resetUserOtp: {
    action: 'reset-otp',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, {
        agencies: [w.agencies.a1],
        roleId: ROLE.AGENCY_USER,
        failedLogins: 3,
      });
      return as(await staff('programAdmin'), { method: 'POST', url: `/user-api/user/reset-otp/${user.uuid}` });
    },
  },

  resetUserOtpAndNotify: {
    action: 'reset-otp-send',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, {
        agencies: [w.agencies.a1],
        roleId: ROLE.AGENCY_USER,
        failedResets: 2,
      });
      return as(await staff('programAdmin'), { method: 'POST', url: `/user-api/user/reset-otp/${user.uuid}/send` });
    },
  },

  setUserRoles: {
    action: 'roles',
    entity: 'user',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.AGENCY_USER, agencies: [w.agencies.a1] });
      return as(await staff('platformAdmin'), {
        method: 'PUT',
        url: `/user-api/user/${user.uuid}/roles`,
        payload: { roleIds: [ROLE.AGENCY_ADMIN] },
      });
    },
  },

  addRole: {
    action: 'create',
    entity: 'role',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      return as(await staff('platformAdmin'), {
        method: 'POST',
        url: '/admin-api/roles',
        payload: { roleId: 7000 + ++walkRoleSequence, descr: 'Walked role' },
      });
    },
  },

  saveRole: {
    action: 'update',
    entity: 'role',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const admin = await staff('platformAdmin');
      const roleId = 7000 + ++walkRoleSequence;
      await t.injectAs(admin.token, { method: 'POST', url: '/admin-api/roles', payload: { roleId, descr: 'Before' } });
      return as(admin, {
        method: 'PUT',
        url: '/admin-api/roles',
        payload: { roleId, descr: 'After', privilegeIds: [8] },
      });
    },
  },

  addProgramAdmin: {
    action: 'create',
    entity: 'program_user',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN });
      return as(await staff('platformAdmin'), {
        method: 'POST',
        url: `/admin-api/programs/${w.programs.program.uuid}/users`,
        payload: { userUuid: user.uuid },
      });
    },
  },

  removeProgramAdmin: {
    action: 'delete',
    entity: 'program_user',
    actor: 'caller',
    before: true,
    after: false,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.PROGRAM_ADMIN, programs: [w.programs.program] });
      return as(await staff('programAdmin'), {
        method: 'DELETE',
        url: `/admin-api/programs/${w.programs.program.uuid}/users`,
        payload: { userUuid: user.uuid },
      });
    },
  },
  // PANs (decisions 0035-0037).
  generatePan: {
    action: 'create',
    entity: 'pan',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1 });
      return as(await staff('agencyUser'), {
        method: 'POST',
        url: '/account-api/pans',
        payload: { programId: w.programs.program.id, accountUuid: account.uuid },
      });
    },
  },

  // Nothing changes, but every whole card number shown to staff is audited (decision 0097).
  revealPan: {
    action: 'reveal',
    entity: 'pan',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const admin = await staff('programAdmin');
      const panId = await walkPan(admin.token);
      return as(admin, { method: 'POST', url: `/account-api/pans/${panId}/reveal` });
    },
  },

  getPanCardPdf: {
    action: 'print',
    entity: 'pan',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const who = await staff('agencyUser');
      const panId = await walkPan(who.token);
      return as(who, { method: 'GET', url: `/benefit-api/pan/${panId}/qrcode/pdf` });
    },
  },

  setPanStatus: {
    action: 'status',
    entity: 'pan',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const who = await staff('agencyUser');
      const panId = await walkPan(who.token);
      return as(who, { method: 'PATCH', url: `/benefit-api/pans/${panId}`, payload: { panStatusId: 1 } });
    },
  },

  assignPan: {
    action: 'assign',
    entity: 'pan',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const admin = await staff('programAdmin');
      const setup = await t.injectAs(admin.token, {
        method: 'GET',
        url: `/account-api/account/pangen/${w.programs.program.id}`,
      });
      const pool = await t.database.db.query.recipientAccounts.findFirst({
        where: (ra, { eq: is }) => is(ra.uuid, (setup.json() as { accountUuid: string }).accountUuid),
      });
      const partial = `${w.programs.program.bin}${w.programs.program.seriesNbr}000000001`;
      const pan = partial + luhnCheckDigit(partial);
      const sealed = seal(pan, { hmacKey: WALK_HMAC_KEY, encryptionKey: randomBytes(32) });
      await t.database.db.insert(pans).values({
        programId: w.programs.program.id,
        accountId: pool!.id,
        panHash: sealed.hash,
        panEncrypted: sealed.encrypted,
        panLast4: sealed.last4,
        panTypeId: 2,
      });
      const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1 });
      return as(await staff('agencyUser'), {
        method: 'PUT',
        url: `/benefit-api/pans/${pan}/${account.uuid}`,
        payload: { programId: w.programs.program.id },
      });
    },
  },

  getPanGenerationSetup: {
    action: 'create',
    entity: 'recipient_account',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const admin = await staff('platformAdmin');
      const program = await makeProgram(t.database.db, {});
      return as(admin, { method: 'GET', url: `/account-api/account/pangen/${program.id}` });
    },
  },

  generatePrintedPans: {
    action: 'generate',
    entity: 'pan_generation',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const admin = await staff('platformAdmin');
      return as(admin, {
        method: 'POST',
        url: '/account-api/pans/gen/printed',
        payload: { programId: w.programs.program.id, accountUuid: await poolOf(admin.token), count: 2 },
      });
    },
  },

  getPanGenerationPdf: {
    action: 'print',
    entity: 'pan_generation',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const admin = await staff('platformAdmin');
      const program = await makeProgram(t.database.db, {});
      const made = await t.injectAs(admin.token, {
        method: 'POST',
        url: '/account-api/pans/gen/printed',
        payload: { programId: program.id, accountUuid: await poolOf(admin.token, program.id), count: 2 },
      });
      const { panGenId } = made.json() as { panGenId: number };
      return as(admin, { method: 'GET', url: `/benefit-api/pans/qrcode/pdfs/${panGenId}` });
    },
  },

  changeOwnCard: {
    action: 'lock',
    entity: 'pan',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
      const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1, user });
      const panId = await walkPan((await staff('agencyUser')).token, account.uuid);
      const token = await t.signIn(user.username);
      return as(
        { token, id: user.id },
        { method: 'PATCH', url: `/account-api/pans/currentuser/${panId}`, payload: { action: 'lock' } },
      );
    },
  },

  // The phones that make pay codes (decision 0108).
  registerCardDevice: {
    action: 'create',
    entity: 'card_device',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const { holder, panId } = await deviceCard();
      return as(holder, {
        method: 'POST',
        url: `/account-api/pans/currentuser/${panId}/devices`,
        payload: deviceBody(),
      });
    },
  },

  removeOwnCardDevice: {
    action: 'revoke',
    entity: 'card_device',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { holder, panId, deviceUuid } = await registeredDevice();
      return as(holder, { method: 'DELETE', url: `/account-api/pans/currentuser/${panId}/devices/${deviceUuid}` });
    },
  },

  removeCardDevice: {
    action: 'revoke',
    entity: 'card_device',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { panId, deviceUuid } = await registeredDevice();
      return as(await staff('agencyUser'), {
        method: 'DELETE',
        url: `/account-api/pans/${panId}/devices/${deviceUuid}`,
      });
    },
  },

  // Card PINs: set by the recipient, cleared by staff (never the PIN or its hash in the row).
  setOwnCardPin: {
    action: 'pin-set',
    entity: 'pan',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
      const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1, user });
      const panId = await walkPan((await staff('agencyUser')).token, account.uuid);
      const token = await t.signIn(user.username);
      return as(
        { token, id: user.id },
        { method: 'PUT', url: `/account-api/pans/currentuser/${panId}/pin`, payload: { pin: '5827' } },
      );
    },
  },

  clearCardPin: {
    action: 'pin-clear',
    entity: 'pan',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const user = await makeUser(t.database.db, { roleId: ROLE.RECIPIENT });
      const account = await makeRecipient(t.database.db, { program: w.programs.program, agency: w.agencies.a1, user });
      const who = await staff('agencyUser');
      const panId = await walkPan(who.token, account.uuid);
      await t.injectAs(await t.signIn(user.username), {
        method: 'PUT',
        url: `/account-api/pans/currentuser/${panId}/pin`,
        payload: { pin: '5827' },
      });
      return as(who, { method: 'DELETE', url: `/account-api/pans/${panId}/pin` });
    },
  },

  // Admin programs and configuration.
  addProgram: {
    action: 'create',
    entity: 'program',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      return as(await staff('platformAdmin'), {
        method: 'POST',
        url: '/admin-api/programs',
        payload: walkProgramBody(),
      });
    },
  },

  updateProgram: {
    action: 'update',
    entity: 'program',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const admin = await staff('platformAdmin');
      const body = walkProgramBody();
      const added = await t.injectAs(admin.token, { method: 'POST', url: '/admin-api/programs', payload: body });
      const { programUuid } = added.json() as { programUuid: string };
      return as(admin, {
        method: 'PUT',
        url: `/admin-api/programs/${programUuid}`,
        payload: { ...body, programName: 'Walked Program Renamed', fundingSources: [{ fundingId: -1, name: 'Other' }] },
      });
    },
  },

  addConfigValue: {
    action: 'create',
    entity: 'config_entry',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      return as(await staff('platformAdmin'), {
        method: 'POST',
        url: '/admin-api/config',
        payload: { configKey: `walk.key${++walkConfigSequence}`, configValue: 'on', effectiveDate: '2031-01-01' },
      });
    },
  },

  updateConfigValue: {
    action: 'update',
    entity: 'config_entry',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const admin = await staff('platformAdmin');
      const configKey = `walk.key${++walkConfigSequence}`;
      const payload = { configKey, configValue: 'on', effectiveDate: '2031-01-01' };
      await t.injectAs(admin.token, { method: 'POST', url: '/admin-api/config', payload });
      return as(admin, { method: 'PUT', url: '/admin-api/config', payload: { ...payload, configValue: 'off' } });
    },
  },

  deleteConfigValue: {
    action: 'delete',
    entity: 'config_entry',
    actor: 'caller',
    before: true,
    after: false,
    async send() {
      const admin = await staff('platformAdmin');
      const configKey = `walk.key${++walkConfigSequence}`;
      const payload = { configKey, configValue: 'on', effectiveDate: '2031-01-01' };
      await t.injectAs(admin.token, { method: 'POST', url: '/admin-api/config', payload });
      return as(admin, {
        method: 'DELETE',
        url: '/admin-api/config',
        payload: { configKey, effectiveDate: '2031-01-01' },
      });
    },
  },

  // External cards: the recipient's own cards; staff cannot attach them.
  addExternalCard: {
    action: 'create',
    entity: 'external_card',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const holder = await cardHolder();
      return as(holder, { method: 'POST', url: '/account-api/external-pan', payload: cardBody() });
    },
  },

  updateExternalCard: {
    action: 'update',
    entity: 'external_card',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const holder = await cardHolder();
      const id = await attachedCard(holder);
      return as(holder, {
        method: 'PUT',
        url: `/account-api/external-pan/${id}`,
        payload: { name: 'Renamed card', externalPanTypeId: 2, externalPanStatusId: 2 },
      });
    },
  },

  deleteExternalCard: {
    action: 'delete',
    entity: 'external_card',
    actor: 'caller',
    before: true,
    after: false,
    async send() {
      const holder = await cardHolder();
      const id = await attachedCard(holder);
      return as(holder, { method: 'DELETE', url: `/account-api/external-pan/${id}` });
    },
  },
  // Incentives: definitions by the platform admin, enrolments by agency staff.
  addIncentive: {
    action: 'create',
    entity: 'incentive',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      return as(await staff('platformAdmin'), {
        method: 'POST',
        url: '/account-api/incentive',
        payload: {
          name: `Walk Incentive ${++walkIncentiveSequence}`,
          programId: w.programs.program.id,
          fundingId: w.fundingId,
          startDate: walkDay(30),
          matchRate: '5.25',
        },
      });
    },
  },

  updateIncentive: {
    action: 'update',
    entity: 'incentive',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const incentive = await makeIncentive(t.database.db, w.programs.program, w.fundingId);
      return as(await staff('platformAdmin'), {
        method: 'PUT',
        url: `/account-api/incentive/${incentive.uuid}`,
        payload: {
          name: `Walked Incentive ${++walkIncentiveSequence}`,
          fundingId: w.fundingId,
          startDate: incentive.startDate,
          matchRate: '7.50',
        },
      });
    },
  },

  enrolRecipientIncentive: {
    action: 'create',
    entity: 'recipient_incentive',
    actor: 'caller',
    before: false,
    after: true,
    async send() {
      const { incentive, account } = await enrolmentSetting();
      return as(await staff('agencyUser'), {
        method: 'POST',
        url: '/account-api/incentive/recipient-incentive',
        payload: { recipientUuid: account.uuid, incentiveUuid: incentive.uuid, startDate: walkDay(2) },
      });
    },
  },

  updateRecipientIncentive: {
    action: 'update',
    entity: 'recipient_incentive',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { incentive, account } = await enrolmentSetting();
      const row = await makeEnrolment(t.database.db, account.id, incentive.id, { startDate: walkDay(10) });
      return as(await staff('agencyUser'), {
        method: 'PUT',
        url: `/account-api/incentive/recipient-incentive/${row.id}`,
        payload: { startDate: walkDay(12), endDate: walkDay(40) },
      });
    },
  },

  deleteRecipientIncentive: {
    action: 'delete',
    entity: 'recipient_incentive',
    actor: 'caller',
    before: true,
    after: false,
    async send() {
      const { incentive, account } = await enrolmentSetting();
      const row = await makeEnrolment(t.database.db, account.id, incentive.id, { startDate: walkDay(10) });
      return as(await staff('agencyUser'), {
        method: 'DELETE',
        url: `/account-api/incentive/recipient-incentive/${row.id}`,
      });
    },
  },

  // The farmers' online application (docs/decisions/0111): the public steps name no one (the farmer has no account).
  sendFarmerApplicationCodes: {
    action: 'create',
    entity: 'farmer_application_confirmation',
    actor: 'anonymous',
    before: false,
    after: true,
    async send() {
      const res = await t.app.inject({
        method: 'POST',
        url: '/merchant-api/farmer-application/confirmations',
        payload: { email: 'walk.farmer@example.com', mobilePhone: '860-555-0131' },
      });
      return { res, actorUserId: null };
    },
  },

  confirmFarmerApplicationContact: {
    action: 'confirm',
    entity: 'farmer_application_confirmation',
    actor: 'anonymous',
    before: true,
    after: true,
    async send() {
      const contact = { email: `walk.confirm.${Date.now()}@example.com`, mobilePhone: '860-555-0132' };
      const sent = await t.app.inject({
        method: 'POST',
        url: '/merchant-api/farmer-application/confirmations',
        payload: contact,
      });
      const { confirmationId } = sent.json() as { confirmationId: string };
      const res = await t.app.inject({
        method: 'POST',
        url: `/merchant-api/farmer-application/confirmations/${confirmationId}`,
        payload: {
          emailCode: code((await farmerMessage(t.database.db, contact.email)).body),
          mobileCode: code((await farmerMessage(t.database.db, '8605550132', 'sms')).body),
        },
      });
      return { res, actorUserId: null };
    },
  },

  submitFarmerApplication: {
    action: 'create',
    entity: 'farmer_application',
    actor: 'anonymous',
    before: false,
    after: true,
    async send() {
      await openProgram(t.database.db, w.programs.program);
      const form = validFarmerForm([w.programs.program.id]);
      const confirmationId = await confirmedContact(t, form);
      const res = await t.app.inject({
        method: 'POST',
        url: '/merchant-api/farmer-application',
        payload: { ...form, confirmationId },
      });
      return { res, actorUserId: null };
    },
  },

  updateFarmerApplication: {
    action: 'resubmit',
    entity: 'farmer_application',
    actor: 'anonymous',
    before: true,
    after: true,
    async send() {
      await openProgram(t.database.db, w.programs.program);
      const { token } = await makeFarmerApplication(t.database.db, t.config, {
        programs: [w.programs.program],
        status: 'more-info',
      });
      const { email: _email, mobilePhone: _mobile, ...fields } = validFarmerForm([w.programs.program.id]);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/merchant-api/farmer-application/status/${token}`,
        payload: { ...fields, taxId: '', bankAccount: null },
      });
      return { res, actorUserId: null };
    },
  },

  askFarmerApplicationMoreInfo: {
    action: 'more-info',
    entity: 'farmer_application',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { application } = await makeFarmerApplication(t.database.db, t.config, { programs: [w.programs.program] });
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: `/merchant-api/farmer-applications/${application.uuid}/more-info`,
        payload: { note: 'Walk: which markets?' },
      });
    },
  },

  approveFarmerApplication: {
    action: 'approve',
    entity: 'farmer_application',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { application } = await makeFarmerApplication(t.database.db, t.config, { programs: [w.programs.program] });
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: `/merchant-api/farmer-applications/${application.uuid}/approve`,
        payload: { merchantIdentifier: `WALK-FA-${application.id}` },
      });
    },
  },

  refuseFarmerApplication: {
    action: 'refuse',
    entity: 'farmer_application',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const { application } = await makeFarmerApplication(t.database.db, t.config, { programs: [w.programs.program] });
      return as(await staff('programAdmin'), {
        method: 'POST',
        url: `/merchant-api/farmer-applications/${application.uuid}/refuse`,
        payload: { reason: 'Walk refusal' },
      });
    },
  },

  saveFarmerApplicationSettings: {
    action: 'update',
    entity: 'farmer_application_settings',
    actor: 'caller',
    before: true,
    after: true,
    async send() {
      const program = await makeProgram(t.database.db);
      await openProgram(t.database.db, program);
      return as(await staff('platformAdmin'), {
        method: 'PUT',
        url: `/admin-api/programs/${program.uuid}/farmer-application`,
        payload: { open: false, agreementText: 'Walk agreement', questions: [] },
      });
    },
  },
};

// The walk ------------------------------------------------------------------------------------------------------

/** The endpoints that change data: every POST, PUT, PATCH and DELETE, and the GETs their contracts mark `audited`. */
const changing = ENDPOINTS.filter((endpoint) => endpoint.method !== 'GET' || endpoint.audited);
const byId = new Map(ENDPOINTS.map((endpoint) => [endpoint.operationId, endpoint]));

describe('the audit walk', () => {
  it('has a case or a stated exemption for every endpoint that changes data, and none for one that does not', () => {
    const ids = changing.map((endpoint) => endpoint.operationId);
    expect(ids.length).toBeGreaterThan(10);
    expect(ids.filter((id) => !(id in CASES))).toEqual([]);
    expect(Object.keys(CASES).filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('has an audited case, not an exemption, for every GET that changes data', () => {
    const gets = changing.filter((endpoint) => endpoint.method === 'GET').map((endpoint) => endpoint.operationId);
    expect(gets.length).toBeGreaterThan(0);
    expect(gets.filter((id) => !CASES[id] || 'exempt' in CASES[id])).toEqual([]);
  });

  for (const [id, auditCase] of Object.entries(CASES)) {
    if ('exempt' in auditCase) continue;
    const route = `${byId.get(id)?.method} ${byId.get(id)?.path}`;
    it(`${id} (${route}) writes '${auditCase.action}' on ${auditCase.entity} with its actor, time, before and after`, async () => {
      const since = t.clock.now();
      const { res, actorUserId } = await auditCase.send();
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, res.body).toBeLessThan(300);

      const rows = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(gte(auditLog.at, since), eq(auditLog.action, auditCase.action), eq(auditLog.entity, auditCase.entity)),
        );
      expect(rows.length, `no '${auditCase.action}' row on ${auditCase.entity}`).toBeGreaterThan(0);
      const row = rows.sort((a, b) => a.id - b.id).at(-1)!;
      // Who: the caller, or the person acting without a session; never a made-up actor for a public form.
      expect(row.actorUserId).toBe(auditCase.actor === 'anonymous' ? null : actorUserId);
      if (auditCase.actor !== 'anonymous') expect(actorUserId).not.toBeNull();
      // When: the request's clock, to the millisecond, whatever the database session's time zone.
      expect(row.at.toISOString()).toBe(t.clock.now().toISOString());
      const carries = (value: unknown) => value !== null && Object.keys(value as object).length > 0;
      expect({ before: carries(row.before), after: carries(row.after) }).toEqual({
        before: auditCase.before,
        after: auditCase.after,
      });
    });
  }
});
