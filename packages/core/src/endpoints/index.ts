import type { AnyEndpoint } from '../contract/index.js';
import { accountApi } from '../account/index.js';
import { agencyApi } from '../agencies/index.js';
import { applicantApi } from '../applicants/index.js';
import { authApi } from '../auth/index.js';
import { bankChangeApi } from '../bank-changes/index.js';
import { benefitApi } from '../benefits/index.js';
import { cardDeviceApi } from '../card-devices/index.js';
import { configApi } from '../config/index.js';
import { dashboardApi } from '../dashboard/index.js';
import { externalCardApi } from '../external-cards/index.js';
import { farmerApi } from '../farmer/index.js';
import { farmerApplicationApi } from '../farmer-applications/index.js';
import { healthApi } from '../health/index.js';
import { incentiveApi } from '../incentives/index.js';
import { merchantApi } from '../merchants/index.js';
import { merchantUserApi } from '../merchant-users/index.js';
import { notificationApi } from '../notifications/index.js';
import { outboxApi } from '../outbox/index.js';
import { panApi } from '../pans/index.js';
import { phoneTerminalApi } from '../phone-terminals/index.js';
import { posApi } from '../pos/index.js';
import { programAdminApi } from '../program-admins/index.js';
import { programApi } from '../programs/index.js';
import { recipientApi } from '../recipients/index.js';
import { recoveryApi } from '../recovery/index.js';
import { roleApi } from '../roles/index.js';
import { settlementApi } from '../settlement/index.js';
import { staffNotificationApi } from '../staff-notifications/index.js';
import { transactionApi } from '../transactions/index.js';
import { userAdminApi, userApi } from '../users/index.js';

/**
 * Every endpoint of the API, area by area: the server's OpenAPI document is written from this list, and a test holds
 * it to the routes the server registers (a route without a contract, or a contract without a route, fails it).
 */
export const ENDPOINTS: readonly AnyEndpoint[] = [
  accountApi,
  agencyApi,
  applicantApi,
  authApi,
  bankChangeApi,
  benefitApi,
  cardDeviceApi,
  configApi,
  dashboardApi,
  externalCardApi,
  farmerApi,
  farmerApplicationApi,
  healthApi,
  incentiveApi,
  merchantApi,
  merchantUserApi,
  notificationApi,
  outboxApi,
  panApi,
  phoneTerminalApi,
  posApi,
  programAdminApi,
  programApi,
  recipientApi,
  recoveryApi,
  roleApi,
  settlementApi,
  staffNotificationApi,
  transactionApi,
  userAdminApi,
  userApi,
].flatMap((area) => Object.values(area) as AnyEndpoint[]);
