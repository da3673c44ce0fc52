import { z } from 'zod';
import { endpoint, exportEndpoint, privileges, REFUSED } from '../contract/index.js';
import { FileCheckAnswer, FileImportAnswer } from '../imports/index.js';
import { PRIVILEGE } from '../privileges/index.js';
import {
  IssuedTerminal,
  IssueTerminalBody,
  MAX_ACTIVE_TERMINALS,
  Terminal,
  TerminalParams,
} from '../terminals/index.js';
import {
  AddMerchantBody,
  MerchantAdded,
  MerchantChangeAnswer,
  MerchantMappingParams,
  MerchantStatusBody,
  UpdateMerchantBody,
} from './form.js';
import { RecipientMerchantSearchQuery } from './recipient-search.js';
import {
  GeocodePlace,
  GeocodeQuery,
  LocatorStart,
  LocatorStartQuery,
  MERCHANT_EXPORT_ROW_CAP,
  MerchantBankInfoBody,
  MerchantBankReveal,
  MerchantDetail,
  MerchantExportQuery,
  MerchantLocatorItem,
  MerchantLocatorQuery,
  MerchantParams,
  MerchantProgramMapping,
  MerchantSearchQuery,
  MerchantSearchResult,
  TaxClassOption,
  TinTypeOption,
} from './schemas.js';

// Merchants (B§2 "Merchants", B§4, B§5 "Merchant form", B§7 "Merchants"; resolutions 10, 13, 14). Reading merchants
// needs MERCHANT_VIEW (every staff role holds it by default); the server scopes every read to the merchants mapped to
// the caller's programs (platform admins: all), and a merchant out of scope answers 404 like a missing one. Recipients
// may read one merchant's public fields (resolution 10) and search the merchants of their programs.

const tags = ['merchants'];
const MERCHANT_VIEW = privileges(PRIVILEGE.MERCHANT_VIEW);
const MERCHANT_VIEW_OR_RECIPIENT = privileges(PRIVILEGE.MERCHANT_VIEW, PRIVILEGE.RECIPIENT_ACCESS);
const RECIPIENT = privileges(PRIVILEGE.RECIPIENT_ACCESS);
const MERCHANT_ADD = privileges(PRIVILEGE.MERCHANT_ADD);
const MERCHANT_UPDATE = privileges(PRIVILEGE.MERCHANT_UPDATE);
const BANK_VIEW = privileges(PRIVILEGE.BANK_VIEW);

export const search = endpoint({
  method: 'GET',
  path: '/merchant-api/merchants',
  operationId: 'searchMerchants',
  tags,
  summary:
    "Search the caller's merchants: merchantId (exact), merchantName (contains; a prefix under 3 characters), " +
    'fnsNumber (exact), email (prefix), programId; at least one is required; by name, at most pageSize ' +
    '(default 1000, at most 2000)',
  access: MERCHANT_VIEW,
  query: MerchantSearchQuery,
  answer: MerchantSearchResult,
  returns: 'The matching merchants; countCapped says more matched than were counted',
  refusals: REFUSED.list,
});

export const exportSearch = exportEndpoint({
  path: '/merchant-api/merchants/export',
  operationId: 'exportMerchants',
  tags,
  access: MERCHANT_VIEW,
  query: MerchantExportQuery,
  cap: MERCHANT_EXPORT_ROW_CAP,
});

export const ownSearch = endpoint({
  method: 'GET',
  path: '/merchant-api/merchants/currentuser',
  operationId: 'searchOwnMerchants',
  tags,
  summary:
    "The recipient's merchant search: active merchants of their programs by name, e-mail, city, state, phone (pageSize default 1000)",
  access: RECIPIENT,
  query: RecipientMerchantSearchQuery,
  answer: MerchantSearchResult,
  returns: "The active merchants of the recipient's programs that match",
  refusals: REFUSED.list,
});

export const detail = endpoint({
  method: 'GET',
  path: '/merchant-api/merchant/:id',
  operationId: 'getMerchant',
  tags,
  summary:
    'One merchant by merchantUuid, answered by caller: tax and bank fields (masked to the last four) only with ' +
    'BANK_VIEW; recipients get the public fields of active merchants of their programs; 404 out of scope',
  access: MERCHANT_VIEW_OR_RECIPIENT,
  params: MerchantParams,
  answer: MerchantDetail,
  returns: 'The merchant, with the fields the caller may see',
  refusals: REFUSED.record,
});

// The locator's static path wins over /merchant/:id in the router.
export const locator = endpoint({
  method: 'GET',
  path: '/merchant-api/merchant/locator',
  operationId: 'locateMerchants',
  tags,
  summary:
    "Active merchants with an active mapping to the caller's programs within `radius` miles of the point (25, 50 " +
    'or 100; 100 when not given), nearest first, at most 200 (distance in miles, from the physical address)',
  access: MERCHANT_VIEW_OR_RECIPIENT,
  query: MerchantLocatorQuery,
  answer: z.array(MerchantLocatorItem),
  returns: 'The merchants near the point, nearest first',
  refusals: REFUSED.list,
});

// Ours (decision 0114): the first view without a browser position, its centre and its merchants in one call.
export const locatorStart = endpoint({
  method: 'GET',
  path: '/merchant-api/locator/start',
  operationId: 'startMerchantLocator',
  tags,
  summary:
    "Where the locator starts without a browser position (a recipient's own ZIP code, else the caller's programs' " +
    'area, else the default point) and the merchants nearest it within the smallest radius step that finds any',
  access: MERCHANT_VIEW_OR_RECIPIENT,
  query: LocatorStartQuery,
  answer: LocatorStart,
  returns: 'The starting point, the radius used and the merchants near it, nearest first',
  refusals: REFUSED.list,
});

export const geocode = endpoint({
  method: 'GET',
  path: '/merchant-api/geocode',
  operationId: 'geocodePlace',
  tags,
  summary:
    "Places of the US ZIP gazetteer matching a ZIP code, 'City, ST' or a city name, best first, at most 5; a street " +
    'address through the street geocoder when one is configured (400 when none is)',
  access: MERCHANT_VIEW_OR_RECIPIENT,
  query: GeocodeQuery,
  answer: z.array(GeocodePlace),
  returns: 'The matching places with their coordinates, best first',
  refusals: REFUSED.list,
});

export const saveBankInfo = endpoint({
  method: 'PUT',
  path: '/merchant-api/bank-info',
  operationId: 'saveMerchantBankInfo',
  tags,
  summary:
    "Save a merchant's bank account and holder (B§5 bank rules); a number sent masked (****1234) keeps the " +
    'stored one; BANK_VIEW only',
  access: BANK_VIEW,
  body: MerchantBankInfoBody,
  answer: MerchantChangeAnswer,
  returns: 'The merchant saved',
  refusals: REFUSED.record,
});

export const revealBankInfo = endpoint({
  method: 'GET',
  path: '/merchant-api/merchant/:id/bank-info',
  audited: true,
  operationId: 'revealMerchantBankInfo',
  tags,
  summary:
    "The merchant's account, routing and tax numbers in clear, for editing; BANK_VIEW only; each read is audited",
  access: BANK_VIEW,
  params: MerchantParams,
  answer: MerchantBankReveal,
  returns: 'The bank and tax numbers in clear',
  refusals: REFUSED.record,
});

export const mappings = endpoint({
  method: 'GET',
  path: '/merchant-api/merchant/:id/mapping',
  operationId: 'getMerchantMappings',
  tags,
  summary: "The merchant's program mappings in the caller's programs (statusId 1 Inactive, otherwise Active)",
  access: MERCHANT_VIEW,
  params: MerchantParams,
  answer: z.array(MerchantProgramMapping),
  returns: "The merchant's mappings to the caller's programs",
  refusals: REFUSED.record,
});

export const taxClasses = endpoint({
  method: 'GET',
  path: '/merchant-api/tax-classes',
  operationId: 'listTaxClasses',
  tags,
  summary: 'The tax classifications of the merchant form (B§9)',
  access: MERCHANT_VIEW,
  answer: z.array(TaxClassOption),
  returns: 'The tax classifications',
  refusals: [401, 403],
});

export const tinTypes = endpoint({
  method: 'GET',
  path: '/merchant-api/tin-types',
  operationId: 'listTinTypes',
  tags,
  summary: 'The taxpayer id types of the merchant form: SSN and EIN (B§9)',
  access: MERCHANT_VIEW,
  answer: z.array(TinTypeOption),
  returns: 'The taxpayer id types',
  refusals: [401, 403],
});

export const add = endpoint({
  method: 'POST',
  path: '/merchant-api/merchant',
  operationId: 'addMerchant',
  tags,
  summary:
    'Add a merchant mapped (active) to programId, with its three addresses and optional bank account; tax ' +
    'fields only with BANK_VIEW; 409 when the Merchant ID is taken',
  access: MERCHANT_ADD,
  body: AddMerchantBody,
  answer: MerchantAdded,
  returns: 'The merchant added',
  refusals: REFUSED.change,
});

export const update = endpoint({
  method: 'PUT',
  path: '/merchant-api/merchant',
  operationId: 'updateMerchant',
  tags,
  summary:
    'Update a merchant (the whole form); without BANK_VIEW the tax fields are ignored; 409 when the Merchant ID ' +
    'is taken',
  access: MERCHANT_UPDATE,
  body: UpdateMerchantBody,
  answer: MerchantChangeAnswer,
  returns: 'The merchant saved',
  refusals: REFUSED.change,
});

export const setStatus = endpoint({
  method: 'PATCH',
  path: '/merchant-api/merchant/:id',
  operationId: 'setMerchantStatus',
  tags,
  summary: "Set a merchant's status: merchantStatusId 0 Active, 1 Inactive",
  access: MERCHANT_UPDATE,
  params: MerchantParams,
  body: MerchantStatusBody,
  answer: MerchantChangeAnswer,
  returns: 'The merchant saved',
  refusals: REFUSED.record,
});

export const setProgramStatus = endpoint({
  method: 'PUT',
  path: '/merchant-api/merchant/:merchantUuid/:programId/:statusId',
  operationId: 'setMerchantProgramStatus',
  tags,
  summary: "Set a merchant's mapping to one of the caller's programs: 0 Active, 1 Inactive",
  access: MERCHANT_UPDATE,
  params: MerchantMappingParams,
  answer: MerchantChangeAnswer,
  returns: 'The merchant saved',
  refusals: REFUSED.record,
});

// Point-of-sale terminals: the credentials the transaction engine takes.
export const terminals = endpoint({
  method: 'GET',
  path: '/merchant-api/merchant/:id/terminals',
  operationId: 'listTerminals',
  tags,
  summary: "A merchant's terminals, active first (never their secrets); MERCHANT_UPDATE; 404 out of scope",
  access: MERCHANT_UPDATE,
  params: MerchantParams,
  answer: z.array(Terminal),
  returns: "The merchant's terminals",
  refusals: REFUSED.record,
});

export const issueTerminal = endpoint({
  method: 'POST',
  path: '/merchant-api/merchant/:id/terminals',
  operationId: 'issueTerminal',
  tags,
  summary:
    'Issue a terminal: a new terminalId and a random secret, answered this once (stored as a hash); at most ' +
    `${MAX_ACTIVE_TERMINALS} active per merchant (409); MERCHANT_UPDATE`,
  access: MERCHANT_UPDATE,
  params: MerchantParams,
  body: IssueTerminalBody,
  answer: IssuedTerminal,
  returns: 'The terminal with its secret, shown this once',
  refusals: REFUSED.change,
});

export const revokeTerminal = endpoint({
  method: 'DELETE',
  path: '/merchant-api/merchant/:id/terminals/:terminalId',
  operationId: 'revokeTerminal',
  tags,
  summary: 'Revoke a terminal at once (final; revoking again answers the same); MERCHANT_UPDATE',
  access: MERCHANT_UPDATE,
  params: TerminalParams,
  answer: MerchantChangeAnswer,
  returns: 'The terminal revoked',
  refusals: REFUSED.record,
});

// The merchant file (B§2 "Merchant file upload", B§5 "Files"; docs/merchant-file.md). The upload takes MERCHANT_ADD;
// rows that change merchants (03, 04, 05) also need MERCHANT_UPDATE and 05 BANK_VIEW, checked per row.
export const importFile = endpoint({
  method: 'POST',
  path: '/merchant-api/merchant/file',
  operationId: 'importMerchantFile',
  tags,
  summary:
    'Upload a merchant file (multipart field merchantFile: CSV, XLS or XLSX, at most 1 MB). Action codes 01-05 ' +
    'add, disable and update merchants row by row; see docs/merchant-file.md',
  access: MERCHANT_ADD,
  upload: { field: 'merchantFile' },
  answer: FileImportAnswer,
  returns: 'What each row did: added, changed or refused with the reason',
  refusals: [400, 401, 403, 409, 422],
});

export const checkFile = endpoint({
  method: 'POST',
  path: '/merchant-api/merchant/file/check',
  operationId: 'checkMerchantFile',
  tags,
  summary:
    'Check a merchant file before importing it (the upload of importMerchantFile): runs the import and writes ' +
    'nothing; answers what each row would do and a checkToken the import takes (decision 0117)',
  access: MERCHANT_ADD,
  upload: { field: 'merchantFile' },
  answer: FileCheckAnswer,
  returns: 'What each row would do: added, changed, unchanged or refused with the reason; nothing is written',
  refusals: [400, 401, 403, 409, 422],
});

export const fileSample = endpoint({
  method: 'GET',
  path: '/merchant-api/merchant/file/sample',
  operationId: 'getMerchantFileSample',
  tags,
  summary:
    "A sample merchant file (CSV) built from the caller's programs and merchants: one row per action code, " +
    'every row one the upload accepts',
  access: MERCHANT_ADD,
  format: 'csv',
  returns: 'The sample file',
  refusals: [401, 403],
});
