import { writeCompoundFile } from "./write-compound-file";

// Quattro Pro 9+ notebooks (.qpw) for tests. Nothing exports this format (LibreOffice only imports
// it, through libwps), so the bytes are written here after libwps' reader (Quattro9*.cpp): an OLE2
// compound file whose `NativeContent_MAIN` stream is a list of zones `[type u16][size u16][data]`.
// Cell labels live in one document string table; each sheet stores its cells column by column.

type Cell = string | number;

const zoneType = {
  header: 0x0001,
  strings: 0x0407,
  endOfDocumentData: 0x0411,
  sheetBegin: 0x0601,
  sheetEnd: 0x0602,
  columnBegin: 0x0a01,
  columnEnd: 0x0a02,
  cells: 0x0c01,
} as const;

const cellType = { empty: 0x01, double: 0x05, stringIndex: 0x07 } as const;

function zone(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

function u16(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 2);
  values.forEach((value, index) => buffer.writeUInt16LE(value & 0xffff, index * 2));
  return buffer;
}

function u32(...values: number[]): Buffer {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((value, index) => buffer.writeUInt32LE(value, index * 4));
  return buffer;
}

/** A length-prefixed string: [length u16][flags u8][Windows-1252 text][NUL]. */
function pString(text: string): Buffer {
  const bytes = Buffer.from(text, "latin1");
  return Buffer.concat([u16(bytes.length), Buffer.from([0]), bytes, Buffer.from([0])]);
}

/** Zones A01 (column begin), C01 (its cells from row 0 down) and A02 (column end). */
function columnZones(column: number, values: Array<Cell | undefined>, stringIndex: (text: string) => number): Buffer {
  const cells = values.map((value) => {
    if (value === undefined || value === "") return Buffer.from([cellType.empty]);
    if (typeof value === "number") {
      const number = Buffer.alloc(9);
      number[0] = cellType.double;
      number.writeDoubleLE(value, 1);
      return number;
    }
    return Buffer.concat([Buffer.from([cellType.stringIndex]), u32(stringIndex(value))]);
  });
  return Buffer.concat([
    zone(zoneType.columnBegin, Buffer.concat([u16(column), u32(0, values.length - 1)])),
    zone(zoneType.cells, Buffer.concat([u32(0, values.length), ...cells])),
    zone(zoneType.columnEnd, u32(0, 0)),
  ]);
}

/** A Quattro Pro 9 notebook with one sheet per entry, in order; numbers are stored as doubles. */
export function makeQuattroPro(sheets: Record<string, Cell[][]>): Buffer {
  const strings: string[] = [];
  const stringIndex = (text: string) => {
    if (!strings.includes(text)) strings.push(text);
    return strings.indexOf(text) + 1; // cells refer to strings from 1
  };
  const sheetZones = Object.entries(sheets).map(([name, rows], sheetId) => {
    const columnCount = Math.max(...rows.map((row) => row.length));
    const columns = Array.from({ length: columnCount }, (_, column) =>
      columnZones(
        column,
        rows.map((row) => row[column]),
        stringIndex,
      ),
    );
    const begin = Buffer.concat([u16(sheetId, 0, columnCount - 1, 0, 0, rows.length - 1, 0, -1, 0), pString(name)]);
    return Buffer.concat([zone(zoneType.sheetBegin, begin), ...columns, zone(zoneType.sheetEnd, u32(0, 0))]);
  });

  const main = Buffer.concat([
    // "QPW9", file version 0 (Quattro Pro 9), then the flags Quattro Pro writes.
    zone(zoneType.header, Buffer.concat([Buffer.from("QPW9", "latin1"), u16(0, 0, 1, 0, 0)])),
    zone(zoneType.strings, Buffer.concat([u32(strings.length, 0, 0), ...strings.map(pString)])),
    zone(zoneType.endOfDocumentData, Buffer.from([0])),
    ...sheetZones,
  ]);
  return writeCompoundFile([{ name: "NativeContent_MAIN", bytes: main }]);
}
