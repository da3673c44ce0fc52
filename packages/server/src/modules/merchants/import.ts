import { APP_ERROR_CODE } from '@ebt/core/errors';
import type { FileCheckAnswer, FileImportAnswer } from '@ebt/core/imports';
import {
  MERCHANT_FILE_COLUMN_ORDER,
  MERCHANT_FILE_HEADER_NAMES,
  MERCHANT_IMPORT_MESSAGES,
  type MerchantFileAddressKind,
  type MerchantFileColumn,
  type MerchantFileRowValues,
  missingMerchantFileColumns,
  parseMerchantFileAction,
  readMerchantFileRow,
} from '@ebt/core/merchants';
import { MERCHANT_FILE_ACTION, MERCHANT_STATUS } from '@ebt/core/enums';
import { fillMessage, MESSAGES } from '@ebt/core/messages';
import { PRIVILEGE } from '@ebt/core/privileges';
import type { Tx } from '../../db/client.js';
import type { ProgramRow } from '../../db/schema/index.js';
import { type AuditEntry, auditStamp } from '../../platform/audit.js';
import { callerProgramsQuery } from '../../platform/caller-programs.js';
import { type CallerContext, type RequestContext, requireCaller } from '../../platform/context.js';
import { seal } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { UploadedFile } from '../../platform/file-import.js';
import { checkFileImport, type FileImportRunner, runFileImport } from '../../platform/import-run.js';
import { IMPORT_GEOCODE_BUDGET_MS, locateAddresses, placeStreets } from './coordinates.js';
import {
  type AddressRow,
  type BankRow,
  disableMerchants,
  type ExistingMerchant,
  insertMerchants,
  loadAddresses,
  loadMappings,
  lockMerchantsByIdentifier,
  type MerchantChange,
  type NewMerchant,
  saveAddressRows,
  saveBankAccounts,
  takenIdentifiers,
  updateMerchants,
} from './import-queries.js';
import {
  generatedIdentifier,
  type PlacedAddress,
  planRow,
  programByShortName,
  type RowPlan,
  type StoredAddress,
  updateChangesNothing,
} from './import-rows.js';

// POST /merchant-api/merchant/file (B§2 "Merchant file upload", B§5 "Files", B§7, B§8, B§9; docs/merchant-file.md;
// decision 0023), on the import skeleton (platform/import-run.ts). One file, one transaction: every valid row is applied
// whole and every refused row changed nothing and is reported with its row, column and reason. The merchants the file
// names are read (and locked) in one statement, their mappings and addresses in one more each; the writes are
// multi-row statements. One audit entry per changed merchant, created ones included (a file names tens to hundreds of
// merchants; the benefit and account files name their created rows in the file's own entry instead, decision 0090),
// and the file's own entry with its counts.

const CHANNEL = 'FILE';
/** Rounds of drawing generated identifiers that met taken ones (15 random digits: practically never a second). */
const GENERATE_TRIES = 3;

interface ReadRow {
  rowNumber: number;
  program: ProgramRow;
  values: MerchantFileRowValues;
}

type Applied = Exclude<RowPlan, { kind: 'reject' }>;
interface PlannedRow {
  rowNumber: number;
  plan: Applied;
}

interface Plan {
  rows: PlannedRow[];
  stored: Map<number, StoredAddress[]>;
}

const KINDS: readonly MerchantFileAddressKind[] = ['registered', 'mailing', 'physical'];

/**
 * The rows' addresses with the street geocoder's points (decision 0114), asked before the import's transaction: the
 * cache first, then the provider within IMPORT_GEOCODE_BUDGET_MS; what it cannot place keeps its ZIP's centroid.
 */
async function withStreetPoints(ctx: CallerContext, read: ReadRow[]): Promise<ReadRow[]> {
  const withForm = read.filter((r) => r.values.form);
  const placed = await placeStreets(
    ctx,
    withForm.flatMap((r) => KINDS.map((kind) => r.values.form!.addresses[kind])),
    { budgetMs: IMPORT_GEOCODE_BUDGET_MS },
  );
  withForm.forEach((r, i) => {
    const form = r.values.form!;
    r.values = {
      ...r.values,
      form: {
        ...form,
        addresses: { registered: placed[i * 3]!, mailing: placed[i * 3 + 1]!, physical: placed[i * 3 + 2]! },
      },
    };
  });
  return read;
}

export function importMerchantFile(context: RequestContext, upload: UploadedFile): Promise<FileImportAnswer> {
  return merchantFile(context, upload, runFileImport);
}

/** The import run and rolled back: what each row would do (decision 0117). */
export function checkMerchantFile(context: RequestContext, upload: UploadedFile): Promise<FileCheckAnswer> {
  return merchantFile(context, upload, checkFileImport);
}

async function merchantFile<A>(context: RequestContext, upload: UploadedFile, run: FileImportRunner<A>): Promise<A> {
  const ctx = requireCaller(context);
  const now = ctx.now();
  const bankView = ctx.caller.privileges.has(PRIVILEGE.BANK_VIEW);
  const canUpdate = ctx.caller.privileges.has(PRIVILEGE.MERCHANT_UPDATE);

  return run<MerchantFileColumn, ReadRow[], Plan>(
    ctx,
    upload,
    {
      entity: 'merchant_file',
      message: MESSAGES.MERCHANT_FILE_PROCESSED,
      columns: MERCHANT_FILE_HEADER_NAMES,
      keyColumn: 'merchantIdentifier',
      columnOrder: MERCHANT_FILE_COLUMN_ORDER,
      missingColumns: (present) => missingMerchantFileColumns(present),
      noRowsReason: MERCHANT_IMPORT_MESSAGES.NO_DATA_ROWS,
      invalidFile,

      // 1. Each row's field rules (core), its program among the caller's (read once) and the caller's privileges.
      async read({ rows, problems }) {
        const programOf = programByShortName(await callerProgramsQuery(ctx));
        const firstRowOf = new Map<string, number>();
        const read: ReadRow[] = [];
        // No closure per row: under tsx each would be named with Object.defineProperty (see core's readMerchantFileRow).
        for (const { rowNumber, cells } of rows) {
          const action = parseMerchantFileAction(cells.actionCode);
          // Changing merchants is MERCHANT_UPDATE's, whatever the route's MERCHANT_ADD lets in (decision 0023).
          if (action && action > MERCHANT_FILE_ACTION.ADD_INACTIVE && !canUpdate)
            problems.refuse(
              rowNumber,
              'actionCode',
              fillMessage(MERCHANT_IMPORT_MESSAGES.UPDATE_NOT_ALLOWED, { code: action }),
            );
          const programText = (cells.program ?? '').trim();
          const program = programText === '' ? undefined : programOf(programText);
          if (programText !== '' && !program)
            problems.refuse(rowNumber, 'program', MERCHANT_IMPORT_MESSAGES.NOT_A_PROGRAM_OF_CALLER);
          const reading = readMerchantFileRow(cells, { bankView });
          if (!reading.ok) for (const p of reading.problems) problems.refuse(rowNumber, p.column, p.reason);
          else if (reading.row.merchantIdentifier !== null) {
            const first = firstRowOf.get(reading.row.merchantIdentifier);
            if (first !== undefined)
              problems.refuse(
                rowNumber,
                'merchantIdentifier',
                fillMessage(MERCHANT_IMPORT_MESSAGES.MERCHANT_ID_TWICE, { row: first }),
              );
            else firstRowOf.set(reading.row.merchantIdentifier, rowNumber);
          }
          if (reading.ok && program && !problems.isRefused(rowNumber))
            read.push({ rowNumber, program, values: reading.row });
        }
        return withStreetPoints(ctx, read);
      },

      // 2. The merchants the rows name, locked, with their mappings (and the addresses of those a 04 row updates).
      async plan(tx, { problems, lap }, read) {
        const existing = new Map(
          (
            await lockMerchantsByIdentifier(
              tx,
              read.flatMap((r) => r.values.merchantIdentifier ?? []),
            )
          ).map((m) => [m.merchantIdentifier, m]),
        );
        const mapped = new Map<number, Set<number>>();
        for (const m of await loadMappings(
          tx,
          [...existing.values()].map((m) => m.id),
        ))
          (mapped.get(m.merchantId) ?? mapped.set(m.merchantId, new Set()).get(m.merchantId)!).add(m.programId);
        lap('looked-up');

        const rows: PlannedRow[] = [];
        for (const { rowNumber, program, values } of read) {
          const merchant = values.merchantIdentifier === null ? undefined : existing.get(values.merchantIdentifier);
          const plan = planRow({
            values,
            program,
            existing: merchant,
            mappedPrograms: merchant && mapped.get(merchant.id),
          });
          if (plan.kind === 'reject') for (const p of plan.problems) problems.refuse(rowNumber, p.column, p.reason);
          else rows.push({ rowNumber, plan });
        }
        const updatedIds = rows.flatMap((r) => (r.plan.kind === 'update' ? [r.plan.existing.id] : []));
        const stored = new Map<number, StoredAddress[]>();
        for (const a of await loadAddresses(tx, updatedIds))
          (stored.get(a.merchantId) ?? stored.set(a.merchantId, []).get(a.merchantId)!).push(a);
        return { rows, stored };
      },

      // 3. Writes, in multi-row statements.
      async apply(tx, { problems, lap }, { rows, stored }) {
        const refuse = (row: number, column: MerchantFileColumn, reason: string) =>
          problems.refuse(row, column, reason);
        const audit: AuditEntry[] = [];

        // Every address of the file placed at once: given coordinates kept, else the ZIP's centre (coordinates.ts).
        const withForm = rows.filter((r) => r.plan.kind === 'add' || r.plan.kind === 'update');
        const placed = await locateAddresses(
          tx,
          withForm.flatMap((r) => KINDS.map((kind) => r.plan.values.form!.addresses[kind])),
        );
        const addressesOf = new Map<number, Record<MerchantFileAddressKind, PlacedAddress>>();
        withForm.forEach((r, i) =>
          addressesOf.set(r.rowNumber, {
            registered: placed[i * 3]!,
            mailing: placed[i * 3 + 1]!,
            physical: placed[i * 3 + 2]!,
          }),
        );
        lap('placed');

        const added = await addMerchants(
          tx,
          ctx,
          rows.filter((r) => r.plan.kind === 'add'),
          addressesOf,
          refuse,
        );
        lap('added');
        const changed = await changeMerchants(tx, ctx, rows, addressesOf, stored, audit, now);
        lap('updated');
        return {
          added,
          updated: changed.updated,
          unchanged: changed.unchangedRows.length,
          audit,
          fileEntityId: null,
          fileDetail: { programIds: [...new Set(rows.map((r) => r.plan.program.id))] },
          // An add refused while writing is refused first when a check reads these (import-run.ts rowOutcomes).
          addedRows: rows.flatMap((r) => (r.plan.kind === 'add' ? [r.rowNumber] : [])),
          unchangedRows: changed.unchangedRows,
        };
      },
    },
    { program: '' },
  );
}

function invalidFile(lines: string[]): AppError {
  return new AppError(422, MESSAGES.INVALID_FILE_CONTENT, APP_ERROR_CODE.INVALID_FILE_CONTENT, undefined, [
    { appErrorCode: APP_ERROR_CODE.INVALID_FILE_CONTENT, appErrorMessage: MESSAGES.INVALID_FILE_CONTENT },
    ...lines.map((detail) => ({ appErrorCode: APP_ERROR_CODE.INVALID_FILE_LAYOUT, appErrorMessage: detail })),
  ]);
}

const coordinate = (value: number | null) => (value === null ? null : value.toFixed(6));

function addressRows(addresses: Record<MerchantFileAddressKind, PlacedAddress>): AddressRow[] {
  return KINDS.map((kind) => {
    const a = addresses[kind];
    return {
      kind,
      address1: a.addressOne,
      address2: a.addressTwo || null,
      city: a.city,
      stateCode: a.stateCode,
      zipcode: a.zipcode,
      latitude: coordinate(a.latitude),
      longitude: coordinate(a.longitude),
    };
  });
}

/** The merchant's own point is its physical address's: where recipients find it (the locator). */
const merchantPoint = (addresses: Record<MerchantFileAddressKind, PlacedAddress>) => ({
  latitude: coordinate(addresses.physical.latitude),
  longitude: coordinate(addresses.physical.longitude),
});

const addressAuditView = (addresses: Record<MerchantFileAddressKind, PlacedAddress>) =>
  Object.fromEntries(
    KINDS.map((kind) => {
      const a = addresses[kind];
      return [
        kind,
        {
          addressOne: a.addressOne,
          addressTwo: a.addressTwo || null,
          city: a.city,
          stateCode: a.stateCode,
          zipcode: a.zipcode,
        },
      ];
    }),
  );

/**
 * The addresses as a file's `create` audit row holds them: the registered one whole, the mailing and physical ones
 * whole only when they differ from it, else 'registered' (most files leave them blank). A 1 MB file writes about
 * 5,500 such rows; written whole, the addresses were a fifth of the import's database time.
 */
function compactAddressAuditView(addresses: Record<MerchantFileAddressKind, PlacedAddress>) {
  const view = addressAuditView(addresses);
  const same = (kind: 'mailing' | 'physical') => JSON.stringify(view[kind]) === JSON.stringify(view.registered);
  return {
    registered: view.registered,
    mailing: same('mailing') ? 'registered' : view.mailing,
    physical: same('physical') ? 'registered' : view.physical,
  };
}

/** A record without its null fields: what a `create` audit row needs (absent is null). */
const withoutNulls = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));

/** The bank row, sealed (AES-256-GCM and the last four; platform/crypto.ts), and what the audit may show of it. */
function bankRow(ctx: CallerContext, bank: NonNullable<MerchantFileRowValues['bank']>) {
  const account = seal(bank.bankAccountNumber, ctx.config);
  const routing = seal(bank.bankRoutingNumber, ctx.config);
  const row: BankRow = {
    bankName: bank.bankName || null,
    accountNumberEncrypted: account.encrypted,
    accountNumberLast4: account.last4,
    routingNumberEncrypted: routing.encrypted,
    routingNumberLast4: routing.last4,
    accountTypeId: bank.bankAccountType,
    firstName: bank.firstName,
    middleName: bank.middleName || null,
    lastName: bank.lastName,
  };
  const view = {
    bankName: row.bankName,
    accountMasked: `****${account.last4}`,
    routingMasked: `****${routing.last4}`,
    bankAccountType: bank.bankAccountType,
    firstName: bank.firstName,
    middleName: row.middleName,
    lastName: bank.lastName,
  };
  return { row, view };
}

type Refuse = (row: number, column: MerchantFileColumn, reason: string) => void;

/**
 * 01 and 02 rows: the merchants (generated identifiers drawn free of the file's and the table's), their addresses,
 * their active mapping to the row's program and their bank accounts. An identifier another request took meanwhile
 * refuses its row (given) or is drawn again (generated); only rows whose merchant was inserted write anything more.
 * Their `create` audit rows are written by the insert statement itself (import-queries.ts).
 */
async function addMerchants(
  tx: Tx,
  ctx: CallerContext,
  adds: PlannedRow[],
  addressesOf: Map<number, Record<MerchantFileAddressKind, PlacedAddress>>,
  refuse: Refuse,
): Promise<number> {
  if (adds.length === 0) return 0;
  const used = new Set(adds.flatMap((a) => a.plan.values.merchantIdentifier ?? []));
  const draw = () => {
    let identifier: string;
    do identifier = generatedIdentifier();
    while (used.has(identifier));
    used.add(identifier);
    return identifier;
  };
  // What each row writes besides its identifier: built once, whatever identifier it ends up with.
  const rowsOf = new Map<number, Omit<NewMerchant, 'merchantIdentifier'>>();
  for (const { rowNumber, plan } of adds) {
    const { values } = plan;
    const form = values.form!;
    const addresses = addressesOf.get(rowNumber)!;
    const tax = values.tax?.taxId ? seal(values.tax.taxId, ctx.config) : null;
    const bank = values.bank ? bankRow(ctx, values.bank) : null;
    rowsOf.set(rowNumber, {
      statusId: values.action === MERCHANT_FILE_ACTION.ADD_INACTIVE ? MERCHANT_STATUS.INACTIVE : MERCHANT_STATUS.ACTIVE,
      name: form.merchantName,
      fnsNumber: form.fnsNumber,
      email: form.email,
      businessPhone: form.businessPhone,
      mobilePhone: form.mobilePhone,
      taxIdEncrypted: tax?.encrypted ?? null,
      taxIdLast4: tax?.last4 ?? null,
      taxClassId: values.tax?.taxClassId ?? null,
      tinTypeId: values.tax?.tinTypeId ?? null,
      ...merchantPoint(addresses),
      programId: plan.program.id,
      addresses: addressRows(addresses),
      bank: bank?.row ?? null,
      // The merchant as the audit holds it (as POST /merchant-api/merchant writes it): never a tax ID or bank number.
      audit: withoutNulls({
        statusId:
          values.action === MERCHANT_FILE_ACTION.ADD_INACTIVE ? MERCHANT_STATUS.INACTIVE : MERCHANT_STATUS.ACTIVE,
        name: form.merchantName,
        fnsNumber: form.fnsNumber,
        email: form.email,
        taxClassId: values.tax?.taxClassId ?? null,
        tinTypeId: values.tax?.tinTypeId ?? null,
        businessPhone: form.businessPhone,
        mobilePhone: form.mobilePhone,
        creationChannel: CHANNEL,
        addresses: compactAddressAuditView(addresses),
        programId: plan.program.id,
        bank: bank?.view ?? null,
        federalTinGiven: tax !== null,
      }),
    });
  }
  const stamp = auditStamp(ctx);

  let pending = adds.map((a) => ({ add: a, identifier: a.plan.values.merchantIdentifier ?? draw() }));
  const done: { add: PlannedRow; identifier: string; id: number; uuid: string }[] = [];
  for (let attempt = 0; attempt < GENERATE_TRIES && pending.length; attempt++) {
    // Generated identifiers a merchant already holds are drawn again before the insert (one look-up for all).
    const taken = await takenIdentifiers(
      tx,
      pending.filter((p) => p.add.plan.values.merchantIdentifier === null).map((p) => p.identifier),
    );
    pending = pending.map((p) => (taken.has(p.identifier) ? { ...p, identifier: draw() } : p));
    const inserted = new Map(
      (
        await insertMerchants(
          tx,
          pending.map((p) => ({ ...rowsOf.get(p.add.rowNumber)!, merchantIdentifier: p.identifier })),
          stamp,
        )
      ).map((r) => [r.merchantIdentifier, r]),
    );
    const retry: typeof pending = [];
    for (const p of pending) {
      const row = inserted.get(p.identifier);
      if (row) done.push({ ...p, id: row.id, uuid: row.uuid });
      else if (p.add.plan.values.merchantIdentifier === null && attempt + 1 < GENERATE_TRIES)
        retry.push({ ...p, identifier: draw() });
      else refuse(p.add.rowNumber, 'merchantIdentifier', MERCHANT_IMPORT_MESSAGES.MERCHANT_ID_EXISTS);
    }
    pending = retry;
  }

  return done.length;
}

/** 03, 04 and 05 rows. A 04 row equal to the merchant and a 03 row for an inactive merchant change nothing. */
async function changeMerchants(
  tx: Tx,
  ctx: CallerContext,
  rows: PlannedRow[],
  addressesOf: Map<number, Record<MerchantFileAddressKind, PlacedAddress>>,
  stored: Map<number, StoredAddress[]>,
  audit: AuditEntry[],
  now: Date,
): Promise<{ updated: number; unchangedRows: number[] }> {
  let updated = 0;
  const unchangedRows: number[] = [];
  const changes: MerchantChange[] = [];
  const addressWrites: (AddressRow & { merchantId: number })[] = [];
  const bankWrites: (BankRow & { merchantId: number })[] = [];
  const disables: (ExistingMerchant & { rowNumber: number })[] = [];

  for (const { rowNumber, plan } of rows) {
    if (plan.kind === 'add') continue;
    const { existing, values } = plan;
    if (plan.kind === 'disable') {
      disables.push({ ...existing, rowNumber });
      continue;
    }
    const tax = values.tax;
    const sealedTax = tax?.taxId ? seal(tax.taxId, ctx.config) : null;
    const taxChange = {
      taxIdEncrypted: sealedTax?.encrypted ?? null,
      taxIdLast4: sealedTax?.last4 ?? null,
      taxClassId: tax?.taxClassId ?? null,
      tinTypeId: tax?.tinTypeId ?? null,
    };
    const taxAfter = {
      taxClassId: tax?.taxClassId ?? existing.taxClassId,
      tinTypeId: tax?.tinTypeId ?? existing.tinTypeId,
    };
    const before = {
      name: existing.name,
      fnsNumber: existing.fnsNumber,
      email: existing.email,
      businessPhone: existing.businessPhone,
      mobilePhone: existing.mobilePhone,
      taxClassId: existing.taxClassId,
      tinTypeId: existing.tinTypeId,
      updationChannel: existing.updationChannel,
    };
    if (plan.kind === 'update') {
      const form = values.form!;
      const addresses = addressesOf.get(rowNumber)!;
      const storedAddresses = stored.get(existing.id) ?? [];
      if (updateChangesNothing(existing, storedAddresses, values, addresses)) {
        unchangedRows.push(rowNumber);
        continue;
      }
      changes.push({
        id: existing.id,
        setsForm: true,
        name: form.merchantName,
        fnsNumber: form.fnsNumber,
        email: form.email,
        businessPhone: form.businessPhone,
        mobilePhone: form.mobilePhone,
        ...taxChange,
        ...merchantPoint(addresses),
      });
      addressWrites.push(...addressRows(addresses).map((a) => ({ ...a, merchantId: existing.id })));
      audit.push({
        action: 'update',
        entity: 'merchant',
        entityId: existing.uuid,
        before: {
          ...before,
          addresses: Object.fromEntries(
            storedAddresses.map((a) => [
              a.kind,
              {
                addressOne: a.address1,
                addressTwo: a.address2,
                city: a.city,
                stateCode: a.stateCode,
                zipcode: a.zipcode,
              },
            ]),
          ),
        },
        after: {
          name: form.merchantName,
          fnsNumber: form.fnsNumber,
          email: form.email,
          businessPhone: form.businessPhone,
          mobilePhone: form.mobilePhone,
          ...taxAfter,
          updationChannel: CHANNEL,
          addresses: addressAuditView(addresses),
          // A new tax id shows as a flag: its value never enters the log (as PUT /merchant-api/merchant).
          ...(sealedTax ? { federalTinReplaced: true } : {}),
        },
      });
      updated++;
      continue;
    }
    // 05: the bank account (and the tax fields given with it).
    const bank = bankRow(ctx, values.bank!);
    bankWrites.push({ ...bank.row, merchantId: existing.id });
    if (tax)
      changes.push({
        id: existing.id,
        setsForm: false,
        name: null,
        fnsNumber: null,
        email: null,
        businessPhone: null,
        mobilePhone: null,
        latitude: null,
        longitude: null,
        ...taxChange,
      });
    audit.push({
      action: 'bank_update',
      entity: 'merchant',
      entityId: existing.uuid,
      before: { taxClassId: existing.taxClassId, tinTypeId: existing.tinTypeId },
      after: { ...taxAfter, bank: bank.view, ...(sealedTax ? { federalTinReplaced: true } : {}) },
    });
    updated++;
  }

  await updateMerchants(tx, changes, now);
  await saveAddressRows(tx, addressWrites);
  await saveBankAccounts(tx, bankWrites, now);
  const disabled = await disableMerchants(
    tx,
    disables.map((m) => m.id),
    now,
  );
  for (const m of disables) {
    if (!disabled.has(m.id)) {
      unchangedRows.push(m.rowNumber);
      continue;
    }
    updated++;
    audit.push({
      action: 'status',
      entity: 'merchant',
      entityId: m.uuid,
      before: { merchantStatusId: m.statusId, updationChannel: m.updationChannel },
      after: { merchantStatusId: MERCHANT_STATUS.INACTIVE, updationChannel: CHANNEL },
    });
  }
  return { updated, unchangedRows };
}
