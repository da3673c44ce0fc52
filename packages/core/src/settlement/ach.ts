// A NACHA (ACH) file of CCD+ entries for a settlement batch (decision 0057; docs/settlement.md
// "ACH file"). Pure: the server decrypts the account numbers, hands them here and streams the text; nothing is stored.
// Every record is 94 characters; the file is padded with 9s to a multiple of ten records (blocking factor 10).

export const ACH_RECORD_LENGTH = 94;
const BLOCKING_FACTOR = 10;

export interface AchOriginator {
  /** The bank that receives the file (immediate destination): its 9-digit routing number and name. */
  destinationRouting: string;
  destinationName: string;
  /** Who sends it (immediate origin, 10 characters, often '1' + EIN) and its name. */
  origin: string;
  originName: string;
  /** The company on the batch: name (16) and identification (10, often '1' + EIN). */
  companyName: string;
  companyId: string;
  /** The entry description the merchants' statements show (10). */
  entryDescription: string;
}

export interface AchEntry {
  /** 9-digit routing number of the receiving bank (check digit already verified). */
  routing: string;
  account: string;
  /** 0 Checking, 1 Savings. */
  accountTypeId: number;
  /** Positive: a credit to the account; negative: a debit from it. */
  amountCents: number;
  /** Identification number (15): the merchant's ID. */
  id: string;
  name: string;
  /** The CCD+ addenda's payment information (80). */
  addenda: string;
}

export interface AchBatch {
  originator: AchOriginator;
  /**
   * When the file was made, on the program's clock (YYYY-MM-DD and HHMM), its File ID Modifier (A-Z then 0-9: the
   * how-many-th file of the destination that day), and the effective entry date (YYYY-MM-DD, a banking day) the
   * credits settle on.
   */
  created: { day: string; hhmm: string };
  fileIdModifier: string;
  effectiveDate: string;
  /** The descriptive date (YYYY-MM-DD): the batch's business day. */
  descriptiveDate: string;
  batchNumber: number;
  /** The program's settlement account, which takes the offset entry that balances the file. */
  offset: Omit<AchEntry, 'amountCents' | 'addenda'>;
  entries: AchEntry[];
}

/** Text to a field: upper case, printable ASCII only, cut or padded with spaces on the right. */
function alpha(value: string, length: number): string {
  const clean = value
    .normalize('NFKD')
    .replace(/[^\x20-\x7E]/g, '')
    .toUpperCase();
  return clean.slice(0, length).padEnd(length, ' ');
}

/** A number to a field: digits, zero padded on the left; refuses one that does not fit. */
function numeric(value: number | string, length: number): string {
  const digits = String(value);
  if (!/^\d+$/.test(digits) || digits.length > length) throw new Error(`ACH field of ${length} digits got ${digits}`);
  return digits.padStart(length, '0');
}

const yymmdd = (day: string) => day.slice(2, 4) + day.slice(5, 7) + day.slice(8, 10);

function transactionCode(accountTypeId: number, credit: boolean): string {
  if (accountTypeId === 1) return credit ? '32' : '37';
  return credit ? '22' : '27';
}

function record(text: string): string {
  if (text.length !== ACH_RECORD_LENGTH) throw new Error(`ACH record of ${text.length} characters: ${text}`);
  return text;
}

/** The File ID Modifiers in the order a destination's files of a day take them (NACHA: upper-case A-Z, 0-9). */
export const FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function fileIdModifier(value: string): string {
  if (value.length !== 1 || !FILE_ID_MODIFIERS.includes(value)) throw new Error(`ACH File ID Modifier ${value}`);
  return value;
}

/** The file's text: CRLF-free lines joined by '\n' (banks take either; each line is exactly 94 characters). */
export function achFile(batch: AchBatch): string {
  const o = batch.originator;
  const odfi = o.destinationRouting.slice(0, 8);
  const lines: string[] = [];
  lines.push(
    record(
      '1' +
        '01' +
        ' ' +
        numeric(o.destinationRouting, 9) +
        (o.origin.length === 9 ? ` ${o.origin}` : alpha(o.origin, 10)) +
        yymmdd(batch.created.day) +
        numeric(batch.created.hhmm, 4) +
        fileIdModifier(batch.fileIdModifier) +
        '094' +
        '10' +
        '1' +
        alpha(o.destinationName, 23) +
        alpha(o.originName, 23) +
        alpha('', 8),
    ),
  );
  lines.push(
    record(
      '5' +
        '200' +
        alpha(o.companyName, 16) +
        alpha('', 20) +
        alpha(o.companyId, 10) +
        'CCD' +
        alpha(o.entryDescription, 10) +
        yymmdd(batch.descriptiveDate) +
        yymmdd(batch.effectiveDate) +
        '   ' +
        '1' +
        odfi +
        numeric(batch.batchNumber % 10_000_000, 7),
    ),
  );

  let sequence = 0;
  let hash = 0;
  let debits = 0;
  let credits = 0;
  let entryCount = 0;
  const entry = (e: Omit<AchEntry, 'addenda'> & { addenda: string | null }) => {
    sequence++;
    const credit = e.amountCents > 0;
    const amount = Math.abs(e.amountCents);
    if (credit) credits += amount;
    else debits += amount;
    hash += Number(e.routing.slice(0, 8));
    entryCount += e.addenda === null ? 1 : 2;
    const trace = odfi + numeric(sequence, 7);
    lines.push(
      record(
        '6' +
          transactionCode(e.accountTypeId, credit) +
          e.routing.slice(0, 8) +
          e.routing.slice(8, 9) +
          alpha(e.account, 17) +
          numeric(amount, 10) +
          alpha(e.id, 15) +
          alpha(e.name, 22) +
          '  ' +
          (e.addenda === null ? '0' : '1') +
          trace,
      ),
    );
    if (e.addenda !== null) lines.push(record('7' + '05' + alpha(e.addenda, 80) + '0001' + numeric(sequence, 7)));
  };
  for (const e of batch.entries) if (e.amountCents !== 0) entry(e);
  const offsetCents = credits - debits;
  if (offsetCents !== 0) entry({ ...batch.offset, amountCents: -offsetCents, addenda: null });

  const entryHash = numeric(hash % 10_000_000_000, 10);
  lines.push(
    record(
      '8' +
        '200' +
        numeric(entryCount, 6) +
        entryHash +
        numeric(debits, 12) +
        numeric(credits, 12) +
        alpha(o.companyId, 10) +
        alpha('', 19) +
        alpha('', 6) +
        odfi +
        numeric(batch.batchNumber % 10_000_000, 7),
    ),
  );
  const recordCount = lines.length + 1;
  const blocks = Math.ceil(recordCount / BLOCKING_FACTOR);
  lines.push(
    record(
      '9' +
        numeric(1, 6) +
        numeric(blocks, 6) +
        numeric(entryCount, 8) +
        entryHash +
        numeric(debits, 12) +
        numeric(credits, 12) +
        alpha('', 39),
    ),
  );
  while (lines.length % BLOCKING_FACTOR !== 0) lines.push('9'.repeat(ACH_RECORD_LENGTH));
  return lines.join('\n') + '\n';
}

/** Reads a file achFile wrote back by NACHA's fixed positions (the tests check every count, hash and total). */
export function parseAch(text: string) {
  const lines = text.split('\n').filter((l) => l !== '');
  const of = (type: string) => lines.filter((l) => l[0] === type && !/^9{94}$/.test(l));
  const entries = of('6').map((l) => ({
    code: l.slice(1, 3),
    rdfi: l.slice(3, 11),
    check: l.slice(11, 12),
    account: l.slice(12, 29).trim(),
    cents: Number(l.slice(29, 39)),
    id: l.slice(39, 54).trim(),
    name: l.slice(54, 76).trim(),
    addenda: l.slice(78, 79),
    trace: l.slice(79, 94),
  }));
  const batchControl = of('8')[0]!;
  const fileControl = of('9')[0]!;
  return {
    lines,
    header: of('1')[0]!,
    batchHeader: of('5')[0]!,
    entries,
    addenda: of('7'),
    batchControl: {
      count: Number(batchControl.slice(4, 10)),
      hash: batchControl.slice(10, 20),
      debits: Number(batchControl.slice(20, 32)),
      credits: Number(batchControl.slice(32, 44)),
    },
    fileControl: {
      batches: Number(fileControl.slice(1, 7)),
      blocks: Number(fileControl.slice(7, 13)),
      count: Number(fileControl.slice(13, 21)),
      hash: fileControl.slice(21, 31),
      debits: Number(fileControl.slice(31, 43)),
      credits: Number(fileControl.slice(43, 55)),
    },
  };
}
