import { ACCOUNT_STATUS, ROLE, USER_STATUS } from '@ebt/core/enums';
import type { Tx } from '../db/client.js';
import { userAgencies, userPrograms, users, userSecurityAnswers } from '../db/schema/index.js';
import { addDays, atLocalTime } from './calendar.js';
import { insertKeyed, insertRows } from './insert.js';
import type { UserSeed, World } from './model.js';
import { DEMO_FARMER, DEMO_SECURITY_QUESTION_ID, DEMO_USERNAMES } from './model.js';
import { phone } from './people.js';

type NewUser = Pick<UserSeed, 'username' | 'firstName' | 'lastName' | 'roleId' | 'statusId'> & Partial<UserSeed>;

/**
 * The demo users of runtime-contract.md, more staff in every status (so the user screens have something to page
 * and filter), and portal users for recipient01 and forty other recipients. Everyone past Pending has the demo
 * password and the demo security answer; Pending users have neither and an unverified e-mail.
 */
export async function seedUsers(tx: Tx, w: World, hashes: { password: string; answer: string }): Promise<void> {
  const { rng, now, today } = w;
  const add = (u: NewUser) => {
    w.user.push({
      uuid: rng.uuid(),
      id: 0,
      middleName: null,
      programIdx: [],
      agencyIdx: [],
      email: `${u.username}@example.com`,
      mobile: phone(rng),
      ...u,
    });
    return w.user.length - 1;
  };
  const { ENABLED, PENDING, REGISTERED, DISABLED, DELETED } = USER_STATUS;
  const staff = (username: string, name: string, roleId: number, statusId: number, scope: Partial<UserSeed> = {}) => {
    const [firstName = '', lastName = ''] = name.split(' ');
    add({ username, firstName, lastName, roleId, statusId, ...scope });
  };
  staff('sysadmin01', 'Dana Whitfield', ROLE.PLATFORM_ADMIN, ENABLED);
  staff('progadmin01', 'Paul Hartley', ROLE.PROGRAM_ADMIN, ENABLED, { programIdx: [0, 1] });
  staff('agencyadmin01', 'Alicia Moreno', ROLE.AGENCY_ADMIN, ENABLED, { agencyIdx: [0] });
  staff('agencyuser01', 'Kevin Osei', ROLE.AGENCY_USER, ENABLED, { agencyIdx: [0] });
  const r01 = w.account[w.r01]!;
  const recipient01 = add({
    username: 'recipient01',
    firstName: r01.firstName,
    middleName: r01.middleName,
    lastName: r01.lastName,
    email: r01.email,
    mobile: r01.mobilePhone,
    roleId: ROLE.RECIPIENT,
    statusId: ENABLED,
  });
  w.account[w.r01]!.userIdx = recipient01;
  w.account[w.r01b]!.userIdx = recipient01;
  // Sells for the demo terminal's merchant (seed/terminals.ts links it).
  staff(DEMO_FARMER, 'Rosa Delgado', ROLE.FARMER, ENABLED);
  staff('sysadmin02', 'Grace Lindqvist', ROLE.PLATFORM_ADMIN, DISABLED);
  staff('progadmin02', 'Rita Castellano', ROLE.PROGRAM_ADMIN, ENABLED, { programIdx: [1] });
  staff('progadmin03', 'Henry Bishop', ROLE.PROGRAM_ADMIN, PENDING, { programIdx: [0] });
  staff('proguser01', 'Nina Albrecht', ROLE.PROGRAM_USER, ENABLED, { programIdx: [0] });
  staff('agencyadmin02', 'Luis Figueroa', ROLE.AGENCY_ADMIN, ENABLED, { agencyIdx: [1] });
  staff('agencyadmin03', 'Joan Whitaker', ROLE.AGENCY_ADMIN, REGISTERED, { agencyIdx: [4] });
  staff('agencyadmin04', 'Tom Brennan', ROLE.AGENCY_ADMIN, ENABLED, { agencyIdx: [2, 3] });
  staff('agencyuser02', 'Sofia Ramos', ROLE.AGENCY_USER, ENABLED, { agencyIdx: [0] });
  staff('agencyuser03', 'Derek Nolan', ROLE.AGENCY_USER, ENABLED, { agencyIdx: [1] });
  staff('agencyuser04', 'Priya Raman', ROLE.AGENCY_USER, DISABLED, { agencyIdx: [2] });
  staff('agencyuser05', 'Marcus Bell', ROLE.AGENCY_USER, ENABLED, { agencyIdx: [4] });
  staff('agencyuser06', 'Elena Petrova', ROLE.AGENCY_USER, ENABLED, { agencyIdx: [5] });
  staff('agencyuser07', 'Victor Hale', ROLE.AGENCY_USER, DELETED, { agencyIdx: [5] });
  staff('agencyuser08', 'Ruth Delaney', ROLE.AGENCY_USER, PENDING, { agencyIdx: [3] });
  const withUsers = rng
    .shuffle(w.account.map((_, i) => i).filter((i) => i > w.r01b && w.account[i]!.statusId !== ACCOUNT_STATUS.DELETED))
    .slice(0, 40);
  withUsers.forEach((ai, n) => {
    const a = w.account[ai]!;
    a.userIdx = add({
      username: `recipient${String(n + 2).padStart(2, '0')}`,
      firstName: a.firstName,
      middleName: a.middleName,
      lastName: a.lastName,
      email: a.email,
      mobile: a.mobilePhone,
      roleId: ROLE.RECIPIENT,
      statusId: rng.weighted([ENABLED, PENDING, REGISTERED], [8, 1, 1]),
    });
  });

  const ids = await insertKeyed(
    tx,
    users,
    w.user.map((u, i) => {
      const demo = (DEMO_USERNAMES as readonly string[]).includes(u.username);
      const activated = u.statusId !== PENDING;
      return {
        uuid: u.uuid,
        username: u.username,
        email: u.email,
        emailVerified: activated,
        passwordHash: activated ? hashes.password : null,
        firstName: u.firstName,
        middleName: u.middleName,
        lastName: u.lastName,
        mobile: u.mobile,
        phone: u.roleId === ROLE.RECIPIENT ? null : `860555${String(150 + i).padStart(4, '0')}`,
        statusId: u.statusId,
        roleId: u.roleId,
        otpPreference: i % 4 === 3 ? 'sms' : 'email',
        // The demo users have never signed in, so nothing about them depends on the day the seed ran.
        lastLoginAt: u.statusId === ENABLED && !demo ? new Date(now.getTime() - rng.int(1, 60) * 86_400_000) : null,
        passwordChangedAt: activated ? atLocalTime(addDays(today, -rng.int(30, 300)), 10, 0) : null,
        createdAt: atLocalTime(addDays(today, demo ? -400 : -rng.int(60, 380)), 9, rng.int(0, 59)),
      };
    }),
    users.uuid,
    users.id,
  );
  for (const u of w.user) u.id = ids.get(u.uuid) ?? 0;
  await insertRows(
    tx,
    userPrograms,
    w.user.flatMap((u) => u.programIdx.map((p) => ({ userId: u.id, programId: w.program[p]!.id }))),
  );
  await insertRows(
    tx,
    userAgencies,
    w.user.flatMap((u) => u.agencyIdx.map((a) => ({ userId: u.id, agencyId: w.agency[a]!.id }))),
  );
  await insertRows(
    tx,
    userSecurityAnswers,
    w.user
      .filter((u) => u.statusId !== PENDING)
      .map((u) => ({ userId: u.id, questionId: DEMO_SECURITY_QUESTION_ID, answerHash: hashes.answer })),
  );
}
