// An independent reader of NACHA (ACH) files for the tests: written rule by rule from the NACHA
// Operating Rules' record layouts (Appendix Three), sharing no code with the writer (@ebt/core/settlement achFile) so
// a mistake in one is not repeated by the other. It reads every field by its position, recomputes every count, hash
// and total from the entries, and lists each rule the file breaks (an empty list: the file passes). No npm package
// was used: the registry's NACHA parsers (nacha, @ach/ach, nach2) are unmaintained placeholders or pull in legacy
// dependencies (moment, requireg).

export interface NachaEntry {
  transactionCode: string;
  /** Receiving DFI identification (8) and its check digit. */
  rdfi: string;
  checkDigit: string;
  account: string;
  amountCents: number;
  identification: string;
  name: string;
  discretionary: string;
  addendaIndicator: string;
  trace: string;
  /** The payment-related information of each addenda record (05) that follows the entry. */
  addenda: string[];
  credit: boolean;
}

export interface NachaBatch {
  serviceClass: string;
  companyName: string;
  discretionary: string;
  companyId: string;
  sec: string;
  entryDescription: string;
  /** Company descriptive date as written (YYMMDD or free text). */
  descriptiveDate: string;
  /** Effective entry date, YYYY-MM-DD. */
  effectiveDate: string;
  originatorStatus: string;
  odfi: string;
  batchNumber: number;
  entries: NachaEntry[];
  control: {
    serviceClass: string;
    entryAddendaCount: number;
    entryHash: string;
    debitCents: number;
    creditCents: number;
    companyId: string;
    odfi: string;
    batchNumber: number;
  };
}

export interface NachaFile {
  /** Every record, fillers included, as read. */
  records: string[];
  header: {
    priority: string;
    /** Immediate destination as written (10: a blank then the routing number). */
    immediateDestination: string;
    immediateOrigin: string;
    /** File creation date YYYY-MM-DD and time HHMM. */
    creationDate: string;
    creationTime: string;
    fileIdModifier: string;
    recordSize: string;
    blockingFactor: string;
    formatCode: string;
    destinationName: string;
    originName: string;
  };
  batches: NachaBatch[];
  control: {
    batchCount: number;
    blockCount: number;
    entryAddendaCount: number;
    entryHash: string;
    debitCents: number;
    creditCents: number;
  };
  /** The record type of each record in order (fillers as 'F'). */
  typeSequence: string;
  /** The rules the file breaks, one line each; empty when it passes. */
  violations: string[];
}

const RECORD_SIZE = 94;
const BLOCKING = 10;
const CREDIT_CODES = new Set(['22', '23', '24', '32', '33', '34', '42', '43', '52', '53']);
const DEBIT_CODES = new Set(['27', '28', '29', '37', '38', '39', '47', '48', '55']);
const SERVICE_CLASSES = new Set(['200', '220', '225']);

/** Columns `from`..`to` as the layouts number them (1-based, both inclusive). */
const field = (record: string, from: number, to: number) => record.substring(from - 1, to);

/** The ABA check: 3·d1 + 7·d2 + d3 + 3·d4 + 7·d5 + d6 + 3·d7 + 7·d8 + d9 ≡ 0 (mod 10). */
function abaCheckDigitValid(nineDigits: string): boolean {
  if (!/^\d{9}$/.test(nineDigits)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...nineDigits].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return sum % 10 === 0;
}

/** YYMMDD to YYYY-MM-DD (20YY), or null when it is no calendar date. */
function calendarDate(yymmdd: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = 2000 + Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;
}

const digits = (value: string, length: number) => value.length === length && /^\d+$/.test(value);

/** Reads an ACH file; never throws on a bad file, it lists the broken rules in `violations`. */
export function readNachaFile(text: string): NachaFile {
  const violations: string[] = [];
  const fail = (rule: string) => violations.push(rule);

  if (!text.endsWith('\n')) fail('The file does not end with a line break.');
  const records = text.split(/\r?\n/);
  if (records[records.length - 1] === '') records.pop();
  records.forEach((r, i) => {
    if (r.length !== RECORD_SIZE) fail(`Record ${i + 1} has ${r.length} characters, not ${RECORD_SIZE}.`);
    if (!/^[\x20-\x7E]*$/.test(r)) fail(`Record ${i + 1} holds a character outside printable ASCII.`);
  });
  if (records.length % BLOCKING !== 0)
    fail(`${records.length} records are not a whole number of blocks of ${BLOCKING}.`);

  const isFiller = (r: string) => r === '9'.repeat(RECORD_SIZE);
  // Fillers are the all-9 records after the file control; the file control is the first 9 record.
  const fileControlIndex = records.findIndex((r) => r[0] === '9');
  const typeSequence = records.map((r, i) => (i > fileControlIndex && isFiller(r) ? 'F' : (r[0] ?? '?'))).join('');
  // 1, then batches (5, entries each followed by their addenda, 8), then 9, then fillers only.
  if (!/^1(5(67*)*8)+9F*$/.test(typeSequence)) fail(`Record types out of order: ${typeSequence}.`);
  if (fileControlIndex >= 0 && records.length - (fileControlIndex + 1) >= BLOCKING)
    fail('A whole block of fillers follows the file control.');

  const h = records[0] ?? '';
  const header = {
    priority: field(h, 2, 3),
    immediateDestination: field(h, 4, 13),
    immediateOrigin: field(h, 14, 23),
    creationDate: calendarDate(field(h, 24, 29)) ?? '',
    creationTime: field(h, 30, 33),
    fileIdModifier: field(h, 34, 34),
    recordSize: field(h, 35, 37),
    blockingFactor: field(h, 38, 39),
    formatCode: field(h, 40, 40),
    destinationName: field(h, 41, 63).trimEnd(),
    originName: field(h, 64, 86).trimEnd(),
  };
  if (header.priority !== '01') fail(`File header priority code ${header.priority}, not 01.`);
  if (!/^ \d{9}$/.test(header.immediateDestination) || !abaCheckDigitValid(header.immediateDestination.slice(1)))
    fail(`Immediate destination "${header.immediateDestination}" is not a blank and a routing number.`);
  if (header.immediateOrigin.trim() === '') fail('Immediate origin is blank.');
  if (header.creationDate === '') fail(`File creation date ${field(h, 24, 29)} is no date.`);
  if (!/^([01]\d|2[0-3])[0-5]\d$/.test(header.creationTime)) fail(`File creation time ${header.creationTime}.`);
  if (!/^[A-Z0-9]$/.test(header.fileIdModifier)) fail(`File ID Modifier "${header.fileIdModifier}".`);
  if (header.recordSize !== '094') fail(`Record size ${header.recordSize}, not 094.`);
  if (header.blockingFactor !== '10') fail(`Blocking factor ${header.blockingFactor}, not 10.`);
  if (header.formatCode !== '1') fail(`Format code ${header.formatCode}, not 1.`);

  const batches: NachaBatch[] = [];
  let current: NachaBatch | null = null;
  let lastEntry: NachaEntry | null = null;
  let lastSequence = 0;
  for (let i = 1; i < records.length; i++) {
    const r = records[i]!;
    const type = typeSequence[i];
    if (type === '5') {
      const effective = calendarDate(field(r, 70, 75));
      current = {
        serviceClass: field(r, 2, 4),
        companyName: field(r, 5, 20).trimEnd(),
        discretionary: field(r, 21, 40).trimEnd(),
        companyId: field(r, 41, 50),
        sec: field(r, 51, 53),
        entryDescription: field(r, 54, 63).trimEnd(),
        descriptiveDate: field(r, 64, 69),
        effectiveDate: effective ?? '',
        originatorStatus: field(r, 79, 79),
        odfi: field(r, 80, 87),
        batchNumber: Number(field(r, 88, 94)),
        entries: [],
        control: undefined as unknown as NachaBatch['control'],
      };
      if (!SERVICE_CLASSES.has(current.serviceClass)) fail(`Batch service class ${current.serviceClass}.`);
      if (current.companyId.trim() === '') fail('Batch company identification is blank.');
      if (!/^[A-Z]{3}$/.test(current.sec)) fail(`Standard entry class "${current.sec}".`);
      if (current.entryDescription === '') fail('Company entry description is blank.');
      if (effective === null) fail(`Effective entry date ${field(r, 70, 75)} is no date.`);
      if (field(r, 76, 78) !== '   ') fail('Settlement date (Julian) is not left blank for the ACH operator.');
      if (current.originatorStatus !== '1') fail(`Originator status code ${current.originatorStatus}.`);
      if (!digits(current.odfi, 8)) fail(`Originating DFI "${current.odfi}".`);
      if (!digits(field(r, 88, 94), 7)) fail(`Batch number "${field(r, 88, 94)}".`);
      batches.push(current);
      lastEntry = null;
      lastSequence = 0;
    } else if (type === '6' && current) {
      const code = field(r, 2, 3);
      const entry: NachaEntry = {
        transactionCode: code,
        rdfi: field(r, 4, 11),
        checkDigit: field(r, 12, 12),
        account: field(r, 13, 29).trimEnd(),
        amountCents: Number(field(r, 30, 39)),
        identification: field(r, 40, 54).trimEnd(),
        name: field(r, 55, 76).trimEnd(),
        discretionary: field(r, 77, 78),
        addendaIndicator: field(r, 79, 79),
        trace: field(r, 80, 94),
        addenda: [],
        credit: CREDIT_CODES.has(code),
      };
      if (!CREDIT_CODES.has(code) && !DEBIT_CODES.has(code)) fail(`Entry ${entry.trace}: transaction code ${code}.`);
      if (!abaCheckDigitValid(entry.rdfi + entry.checkDigit))
        fail(`Entry ${entry.trace}: receiving DFI ${entry.rdfi}${entry.checkDigit} fails its check digit.`);
      if (entry.account === '') fail(`Entry ${entry.trace}: DFI account number is blank.`);
      if (!digits(field(r, 30, 39), 10)) fail(`Entry ${entry.trace}: amount "${field(r, 30, 39)}".`);
      if (entry.addendaIndicator !== '0' && entry.addendaIndicator !== '1')
        fail(`Entry ${entry.trace}: addenda record indicator "${entry.addendaIndicator}".`);
      if (!digits(entry.trace, 15)) fail(`Entry trace number "${entry.trace}".`);
      else {
        if (entry.trace.slice(0, 8) !== current.odfi) fail(`Entry ${entry.trace}: trace does not start with the ODFI.`);
        const sequence = Number(entry.trace.slice(8));
        if (sequence <= lastSequence) fail(`Entry ${entry.trace}: trace numbers do not ascend.`);
        lastSequence = sequence;
      }
      current.entries.push(entry);
      lastEntry = entry;
    } else if (type === '7' && lastEntry) {
      if (field(r, 2, 3) !== '05') fail(`Addenda type code ${field(r, 2, 3)}, not 05.`);
      if (lastEntry.addendaIndicator !== '1') fail(`Entry ${lastEntry.trace}: an addenda follows an indicator 0.`);
      lastEntry.addenda.push(field(r, 4, 83).trimEnd());
      if (field(r, 84, 87) !== String(lastEntry.addenda.length).padStart(4, '0'))
        fail(`Addenda of ${lastEntry.trace}: sequence number ${field(r, 84, 87)}.`);
      if (field(r, 88, 94) !== lastEntry.trace.slice(8))
        fail(`Addenda of ${lastEntry.trace}: entry detail sequence number ${field(r, 88, 94)}.`);
    } else if (type === '8' && current) {
      current.control = {
        serviceClass: field(r, 2, 4),
        entryAddendaCount: Number(field(r, 5, 10)),
        entryHash: field(r, 11, 20),
        debitCents: Number(field(r, 21, 32)),
        creditCents: Number(field(r, 33, 44)),
        companyId: field(r, 45, 54),
        odfi: field(r, 80, 87),
        batchNumber: Number(field(r, 88, 94)),
      };
      const b = current;
      const c = b.control;
      for (const e of b.entries)
        if (e.addendaIndicator === '1' && e.addenda.length === 0)
          fail(`Entry ${e.trace}: indicator 1 without addenda.`);
      if (b.sec === 'CCD' || b.sec === 'PPD')
        for (const e of b.entries) if (e.addenda.length > 1) fail(`Entry ${e.trace}: more than one ${b.sec} addenda.`);
      const count = b.entries.reduce((n, e) => n + 1 + e.addenda.length, 0);
      const hash = b.entries.reduce((sum, e) => sum + BigInt(e.rdfi), 0n) % 10_000_000_000n;
      const debits = b.entries.filter((e) => !e.credit).reduce((sum, e) => sum + e.amountCents, 0);
      const credits = b.entries.filter((e) => e.credit).reduce((sum, e) => sum + e.amountCents, 0);
      if (c.serviceClass !== b.serviceClass) fail(`Batch ${b.batchNumber}: control service class differs.`);
      if (c.entryAddendaCount !== count)
        fail(`Batch ${b.batchNumber}: entry/addenda count ${c.entryAddendaCount}, counted ${count}.`);
      if (c.entryHash !== String(hash).padStart(10, '0'))
        fail(`Batch ${b.batchNumber}: entry hash ${c.entryHash}, computed ${hash}.`);
      if (c.debitCents !== debits) fail(`Batch ${b.batchNumber}: debit total ${c.debitCents}, summed ${debits}.`);
      if (c.creditCents !== credits) fail(`Batch ${b.batchNumber}: credit total ${c.creditCents}, summed ${credits}.`);
      if (c.companyId !== b.companyId) fail(`Batch ${b.batchNumber}: control company identification differs.`);
      if (c.odfi !== b.odfi) fail(`Batch ${b.batchNumber}: control ODFI differs.`);
      if (c.batchNumber !== b.batchNumber) fail(`Batch ${b.batchNumber}: control batch number differs.`);
      if (b.serviceClass === '220' && debits > 0) fail(`Batch ${b.batchNumber}: credits-only batch holds debits.`);
      if (b.serviceClass === '225' && credits > 0) fail(`Batch ${b.batchNumber}: debits-only batch holds credits.`);
      current = null;
      lastEntry = null;
    }
  }

  const f = fileControlIndex >= 0 ? records[fileControlIndex]! : '';
  const control = {
    batchCount: Number(field(f, 2, 7)),
    blockCount: Number(field(f, 8, 13)),
    entryAddendaCount: Number(field(f, 14, 21)),
    entryHash: field(f, 22, 31),
    debitCents: Number(field(f, 32, 43)),
    creditCents: Number(field(f, 44, 55)),
  };
  if (field(f, 56, 94) !== ' '.repeat(39)) fail('File control reserved positions 56-94 are not blank.');
  const closed = batches.filter((b) => b.control);
  if (control.batchCount !== batches.length) fail(`File batch count ${control.batchCount}, counted ${batches.length}.`);
  if (control.blockCount !== Math.ceil(records.length / BLOCKING))
    fail(`File block count ${control.blockCount}, counted ${Math.ceil(records.length / BLOCKING)}.`);
  const sum = (pick: (b: NachaBatch) => number) => closed.reduce((n, b) => n + pick(b), 0);
  const fileHash = closed.reduce((n, b) => n + BigInt(b.control.entryHash), 0n) % 10_000_000_000n;
  if (control.entryAddendaCount !== sum((b) => b.control.entryAddendaCount))
    fail(`File entry/addenda count ${control.entryAddendaCount} is not the batches' sum.`);
  if (control.entryHash !== String(fileHash).padStart(10, '0')) fail(`File entry hash ${control.entryHash}.`);
  if (control.debitCents !== sum((b) => b.control.debitCents)) fail(`File debit total ${control.debitCents}.`);
  if (control.creditCents !== sum((b) => b.control.creditCents)) fail(`File credit total ${control.creditCents}.`);
  for (const [i, r] of records.entries())
    if (typeSequence[i] === 'F' && !isFiller(r)) fail(`Filler ${i + 1} is not all 9s.`);

  return { records, header, batches, control, typeSequence, violations };
}
