import { constants, crc32, deflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { deflateSync, unzipSync } from 'fflate';

/**
 * A "zip bomb" workbook, as an attacker builds it: a real XLSX whose worksheet entry is followed by `inflatedMegabytes`
 * MB of spaces (XML allows white space after the root element), while the ZIP's local header and central directory
 * both declare 2,000 bytes for it. 900 MB of spaces deflate to about 1 KB a MB, so the file stays under the 1 MB
 * upload limit.
 *
 * The deflate stream is made without compressing 900 MB: one megabyte of spaces is compressed once, and copies of
 * it follow the worksheet's own XML.
 */
export function forgedXlsx(options: {
  inflatedMegabytes: number;
  /** Write the sheet as a streaming writer does: sizes 0 up front, a data descriptor after the data claiming 2,000. */
  dataDescriptor?: boolean;
}): Buffer {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Account ID', 'Amount'],
    ['10000001', 12.5],
  ]);
  XLSX.utils.book_append_sheet(book, sheet, 'Benefits');
  const entries = unzipSync(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  const sheetPath = 'xl/worksheets/sheet1.xml';

  // A deflate stream ended by a sync flush is byte-aligned and not final, so another can follow it; a fresh stream
  // refers back to nothing before its start.
  const segment = (data: Uint8Array) => deflateRawSync(data, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const megabyte = segment(new Uint8Array(1 << 20).fill(0x20));
  const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
  const bomb = Buffer.concat([
    segment(entries[sheetPath]!),
    ...Array<Buffer>(options.inflatedMegabytes).fill(megabyte),
    FINAL_EMPTY_BLOCK,
  ]);

  return zipOf(
    Object.entries(entries).map(([name, data]) =>
      name === sheetPath
        ? { name, compressed: bomb, crc: 0, declaredSize: 2000, dataDescriptor: options.dataDescriptor ?? false }
        : { name, compressed: Buffer.from(deflateSync(data)), crc: crc32(data), declaredSize: data.length },
    ),
  );
}

interface ForgedEntry {
  name: string;
  compressed: Buffer;
  crc: number;
  declaredSize: number;
  dataDescriptor?: boolean;
}

/** A ZIP of deflated entries with the sizes and CRCs given, true or not. */
function zipOf(entries: ForgedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(entry.dataDescriptor ? 8 : 0, 6); // flag bit 3: sizes in a descriptor after the data
    local.writeUInt16LE(8, 8); // deflate
    if (!entry.dataDescriptor) {
      local.writeUInt32LE(entry.crc >>> 0, 14);
      local.writeUInt32LE(entry.compressed.length, 18);
      local.writeUInt32LE(entry.declaredSize, 22);
    }
    local.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(entry.dataDescriptor ? 16 : 0);
    if (entry.dataDescriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(entry.crc >>> 0, 4);
      descriptor.writeUInt32LE(entry.compressed.length, 8);
      descriptor.writeUInt32LE(entry.declaredSize, 12);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.dataDescriptor ? 8 : 0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.compressed.length, 20);
    central.writeUInt32LE(entry.declaredSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.compressed, descriptor);
    centrals.push(central, name);
    offset += local.length + name.length + entry.compressed.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
