import { BALANCES_PATH } from '../early-reads/index.js';
import { z } from 'zod';
import { endpoint, exportEndpoint, JSON_BODY_LIMIT, privileges, REFUSED, STAFF } from '../contract/index.js';
import { PRIVILEGE, PROGRAM_AREA_PRIVILEGES, STAFF_PRIVILEGES } from '../privileges/index.js';
import { FileCheckAnswer } from '../imports/index.js';
import { BenefitFileAnswer } from './import.js';
import { BENEFIT_EXPORT_ROW_CAP } from './rules.js';
import {
  BenefitDetail,
  BenefitExportQuery,
  BenefitOptionTypeAnswer,
  BenefitParams,
  BenefitSearchPage,
  BenefitSearchQuery,
  FundingSourceOption,
  IssueBenefitBody,
  OptionTypeParams,
  ProgramBalance,
  ProgramParams,
  RecipientProgramParams,
  TotalBalance,
  UpdateBenefitBody,
  VoidBenefitBody,
} from './schemas.js';

// Benefits (part 1 §7 "Benefits"; resolutions 1, 12, 13). Staff endpoints are scoped by the server (program admins:
// their programs; agency staff: their agencies); a benefit outside the scope answers 404 like a missing one. The
// recipient endpoints read only the caller's own accounts.

const tags = ['benefits'];
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);
/** The search serves the staff screens and the recipient portal (resolution 12: one shape, recipients see their own). */
const STAFF_OR_RECIPIENT = privileges(...STAFF_PRIVILEGES, PRIVILEGE.RECIPIENT_ACCESS);
/**
 * Import Benefits is program side only (part 1 §2, §6): program admins, agency admins and agency users, the same
 * callers as the program-side issue form; a platform administrator (NDGADMIN_ACCESS without a program-side privilege)
 * answers 403.
 */
const PROGRAM_AREA = privileges(...PROGRAM_AREA_PRIVILEGES);

export const fundingSources = endpoint({
  method: 'GET',
  path: '/benefit-api/funding-sources/:programUuid',
  operationId: 'listFundingSources',
  tags,
  summary: "A program's funding sources; 404 'No funding sources defined for the program.' when it has none",
  access: STAFF,
  params: ProgramParams,
  answer: z.array(FundingSourceOption),
  returns: "The program's funding sources",
  refusals: REFUSED.record,
});

export const optionType = endpoint({
  method: 'GET',
  path: '/benefit-api/benefit-option-type/:id',
  operationId: 'getBenefitOptionType',
  tags,
  summary: 'A benefit option type and its active options (the issue form dropdown)',
  access: STAFF,
  params: OptionTypeParams,
  answer: BenefitOptionTypeAnswer,
  returns: 'The option type with its active options',
  refusals: REFUSED.record,
});

export const issue = endpoint({
  method: 'POST',
  path: '/benefit-api/benefit',
  operationId: 'issueBenefit',
  tags,
  summary:
    'Issue a benefit (every rule of the issue form re-checked); AUTO-GENERATED on an Incentive benefit gets a generated authorization number',
  access: STAFF,
  body: IssueBenefitBody,
  bodyLimit: JSON_BODY_LIMIT,
  status: 201,
  answer: BenefitDetail,
  returns: 'The benefit issued',
  refusals: [400, 401, 403, 404, 409, 422],
});

export const search = endpoint({
  method: 'GET',
  path: '/benefit-api/benefit',
  operationId: 'searchBenefits',
  tags,
  summary:
    'Search benefits, newest available date first (page zero-based, pageSize default 10, at most 2000); recipients get only their own',
  access: STAFF_OR_RECIPIENT,
  query: BenefitSearchQuery,
  answer: BenefitSearchPage,
  returns: 'One page of the matching benefits; countCapped says more matched than were counted',
  refusals: REFUSED.list,
});

export const exportSearch = exportEndpoint({
  path: '/benefit-api/benefit/export',
  operationId: 'exportBenefits',
  tags,
  access: STAFF,
  query: BenefitExportQuery,
  cap: BENEFIT_EXPORT_ROW_CAP,
});

export const balances = endpoint({
  method: 'GET',
  path: BALANCES_PATH,
  operationId: 'listOwnBalances',
  tags,
  summary: "The recipient's balance per program: spendable today (totalAmount) and not yet available",
  access: RECIPIENT,
  answer: z.array(ProgramBalance),
  returns: "The recipient's balance in each of their programs",
  refusals: [401, 403],
});

export const totalBalance = endpoint({
  method: 'GET',
  path: '/benefit-api/benefit/balance',
  operationId: 'getOwnTotalBalance',
  tags,
  summary: "The recipient's balance over all their programs",
  access: RECIPIENT,
  answer: TotalBalance,
  returns: "The recipient's spendable and upcoming amounts over all their programs",
  refusals: [401, 403],
});

export const programBalance = endpoint({
  method: 'GET',
  path: '/benefit-api/benefit/program/:programUuid/balance',
  operationId: 'getOwnProgramBalance',
  tags,
  summary: "The recipient's balance in one program; 404 when they have no account there",
  access: RECIPIENT,
  params: RecipientProgramParams,
  answer: ProgramBalance,
  returns: "The recipient's balance in the program",
  refusals: REFUSED.record,
});

export const programBenefits = endpoint({
  method: 'GET',
  path: '/benefit-api/benefit/program/:programUuid',
  operationId: 'listOwnProgramBenefits',
  tags,
  summary: "The recipient's benefits in one program, newest first (at most 1000)",
  access: RECIPIENT,
  params: RecipientProgramParams,
  answer: BenefitSearchPage,
  returns: "The recipient's benefits in the program, newest first",
  refusals: REFUSED.record,
});

export const detail = endpoint({
  method: 'GET',
  path: '/benefit-api/benefit/:benefitUuid',
  operationId: 'getBenefit',
  tags,
  summary: "One benefit; 404 when missing or outside the caller's scope",
  access: STAFF,
  params: BenefitParams,
  answer: BenefitDetail,
  returns: 'The benefit',
  refusals: REFUSED.record,
});

export const update = endpoint({
  method: 'PUT',
  path: '/benefit-api/benefit',
  operationId: 'updateBenefit',
  tags,
  summary:
    'Edit an ISSUED benefit (balance, dates, authorization number, funding, type, incentive, option, note, notified); a stale lastUpdatedDate answers 409',
  access: STAFF,
  body: UpdateBenefitBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: BenefitDetail,
  returns: 'The benefit saved',
  refusals: REFUSED.change,
});

export const voidBenefit = endpoint({
  method: 'PATCH',
  path: '/benefit-api/benefit/:benefitUuid',
  operationId: 'voidBenefit',
  tags,
  summary: 'Void an ISSUED benefit: benefitStatus VOIDED or VOID (resolution 1); any other status answers 409',
  access: STAFF,
  params: BenefitParams,
  body: VoidBenefitBody,
  bodyLimit: JSON_BODY_LIMIT,
  answer: BenefitDetail,
  returns: 'The benefit voided',
  refusals: REFUSED.change,
});

// The benefit file (part 1 §2 "Upload Benefit File", §7; docs/benefit-file.md). Each row is scoped to the caller:
// their programs, and for agency staff the recipients of their agencies.
export const importFile = endpoint({
  method: 'POST',
  path: '/benefit-api/benefit/file',
  operationId: 'importBenefitFile',
  tags,
  summary:
    'Upload a benefit file (multipart field benefitFile: CSV, XLS or XLSX, at most 1 MB; optional field programUuid). ' +
    'Adds and updates benefits row by row; see docs/benefit-file.md',
  access: PROGRAM_AREA,
  upload: { field: 'benefitFile' },
  answer: BenefitFileAnswer,
  returns: 'What each row did: added, changed or refused with the reason',
  refusals: [400, 401, 403, 404, 409, 422],
});

export const checkFile = endpoint({
  method: 'POST',
  path: '/benefit-api/benefit/file/check',
  operationId: 'checkBenefitFile',
  tags,
  summary:
    'Check a benefit file before importing it (the upload of importBenefitFile): runs the import and writes ' +
    'nothing, notifies nobody; answers what each row would do and a checkToken the import takes (decision 0117)',
  access: PROGRAM_AREA,
  upload: { field: 'benefitFile' },
  answer: FileCheckAnswer,
  returns: 'What each row would do: added, changed, unchanged or refused with the reason; nothing is written',
  refusals: [400, 401, 403, 404, 409, 422],
});

export const fileSample = endpoint({
  method: 'GET',
  path: '/benefit-api/benefit/file/sample',
  operationId: 'getBenefitFileSample',
  tags,
  summary:
    "A sample benefit file (CSV) built from the caller's programs, recipients, funding sources and incentives, " +
    'dated from today: every row is one the upload accepts',
  access: PROGRAM_AREA,
  format: 'csv',
  returns: 'The sample file',
  refusals: [401, 403],
});
