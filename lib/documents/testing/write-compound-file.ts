// A minimal writer for OLE2 compound files (Microsoft's [MS-CFB], version 3, 512-byte sectors),
// so tests can build formats that live inside one (Quattro Pro .qpw) without a dependency. It
// writes root-level streams only; streams under 4096 bytes go to the mini stream, as the format
// requires and readers expect.

const sectorSize = 512;
const miniSectorSize = 64;
const miniStreamCutoff = 4096;
const entrySize = 128;
const freeSector = 0xffffffff;
const endOfChain = 0xfffffffe;
const fatSector = 0xfffffffd;
const noStream = 0xffffffff;

export interface CompoundStream {
  name: string;
  bytes: Buffer;
}

function sectorsFor(length: number, size: number): number {
  return Math.ceil(length / size);
}

/** Chain `count` consecutive sectors starting at `first` in an allocation table. */
function chain(table: number[], first: number, count: number): void {
  for (let index = 0; index < count; index++)
    table[first + index] = index === count - 1 ? endOfChain : first + index + 1;
}

/** [MS-CFB] orders siblings by name length first, then by upper-cased name. */
function compareNames(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  const [upperA, upperB] = [a.toUpperCase(), b.toUpperCase()];
  return upperA < upperB ? -1 : upperA > upperB ? 1 : 0;
}

function writeEntry(
  directory: Buffer,
  index: number,
  entry: { name: string; type: number; left: number; right: number; child: number; start: number; size: number },
): void {
  const offset = index * entrySize;
  const name = Buffer.from(`${entry.name}\0`, "utf16le");
  if (name.length > 64) throw new Error(`Compound file entry name too long: ${entry.name}`);
  name.copy(directory, offset);
  directory.writeUInt16LE(name.length, offset + 0x40);
  directory[offset + 0x42] = entry.type;
  directory[offset + 0x43] = 1; // black: a tree of black nodes is what most writers produce
  directory.writeUInt32LE(entry.left, offset + 0x44);
  directory.writeUInt32LE(entry.right, offset + 0x48);
  directory.writeUInt32LE(entry.child, offset + 0x4c);
  directory.writeUInt32LE(entry.start, offset + 0x74);
  directory.writeUInt32LE(entry.size, offset + 0x78);
}

/** Build the compound file holding `streams` at its root. */
export function writeCompoundFile(streams: CompoundStream[]): Buffer {
  const sorted = [...streams].sort((a, b) => compareNames(a.name, b.name));
  const small = sorted.filter((stream) => stream.bytes.length < miniStreamCutoff);
  const large = sorted.filter((stream) => stream.bytes.length >= miniStreamCutoff);

  // Mini stream: the small streams, each padded to 64-byte mini sectors.
  const miniFat: number[] = [];
  const miniStart = new Map<CompoundStream, number>();
  for (const stream of small) {
    const count = sectorsFor(stream.bytes.length, miniSectorSize);
    if (count === 0) continue;
    miniStart.set(stream, miniFat.length);
    chain(miniFat, miniFat.length, count);
  }
  const miniStream = Buffer.alloc(miniFat.length * miniSectorSize);
  for (const [stream, start] of miniStart) stream.bytes.copy(miniStream, start * miniSectorSize);

  const directorySectors = sectorsFor((sorted.length + 1) * entrySize, sectorSize);
  const miniFatSectors = sectorsFor(miniFat.length * 4, sectorSize);
  const miniStreamSectors = sectorsFor(miniStream.length, sectorSize);
  const largeSectors = large.map((stream) => sectorsFor(stream.bytes.length, sectorSize));
  const contentSectors =
    directorySectors + miniFatSectors + miniStreamSectors + largeSectors.reduce((sum, count) => sum + count, 0);
  let fatSectors = 1;
  while (fatSectors * (sectorSize / 4) < fatSectors + contentSectors) fatSectors++;
  if (fatSectors > 109) throw new Error("Compound file too large for a header-only allocation table");

  // Sector order: allocation table, directory, mini allocation table, mini stream, large streams.
  const fat: number[] = new Array(fatSectors * (sectorSize / 4)).fill(freeSector);
  for (let index = 0; index < fatSectors; index++) fat[index] = fatSector;
  let next = fatSectors;
  const directoryStart = next;
  chain(fat, next, directorySectors);
  next += directorySectors;
  const miniFatStart = miniFatSectors ? next : endOfChain;
  chain(fat, next, miniFatSectors);
  next += miniFatSectors;
  const miniStreamStart = miniStreamSectors ? next : endOfChain;
  chain(fat, next, miniStreamSectors);
  next += miniStreamSectors;
  const largeStart = new Map<CompoundStream, number>();
  large.forEach((stream, index) => {
    largeStart.set(stream, next);
    chain(fat, next, largeSectors[index]);
    next += largeSectors[index];
  });

  // Directory: the root entry, then the streams as a balanced tree of siblings under it.
  const directory = Buffer.alloc(directorySectors * sectorSize);
  for (let index = 0; index < directory.length / entrySize; index++) {
    directory.fill(0xff, index * entrySize + 0x44, index * entrySize + 0x50);
  }
  const subtree = (from: number, to: number): number => {
    if (from > to) return noStream;
    const middle = Math.floor((from + to) / 2);
    const stream = sorted[middle];
    writeEntry(directory, middle + 1, {
      name: stream.name,
      type: 2,
      left: subtree(from, middle - 1),
      right: subtree(middle + 1, to),
      child: noStream,
      start: (stream.bytes.length < miniStreamCutoff ? miniStart.get(stream) : largeStart.get(stream)) ?? endOfChain,
      size: stream.bytes.length,
    });
    return middle + 1;
  };
  const rootChild = subtree(0, sorted.length - 1);
  writeEntry(directory, 0, {
    name: "Root Entry",
    type: 5,
    left: noStream,
    right: noStream,
    child: rootChild,
    start: miniStreamStart,
    size: miniStream.length,
  });

  const header = Buffer.alloc(sectorSize);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 0x18); // minor version
  header.writeUInt16LE(0x0003, 0x1a); // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 0x1c); // little-endian byte order mark
  header.writeUInt16LE(9, 0x1e); // sector size 2^9
  header.writeUInt16LE(6, 0x20); // mini sector size 2^6
  header.writeUInt32LE(fatSectors, 0x2c);
  header.writeUInt32LE(directoryStart, 0x30);
  header.writeUInt32LE(miniStreamCutoff, 0x38);
  header.writeUInt32LE(miniFatStart, 0x3c);
  header.writeUInt32LE(miniFatSectors, 0x40);
  header.writeUInt32LE(endOfChain, 0x44); // no extra DIFAT sectors
  for (let index = 0; index < 109; index++)
    header.writeUInt32LE(index < fatSectors ? index : freeSector, 0x4c + index * 4);

  const body = Buffer.alloc(next * sectorSize);
  fat.forEach((value, index) => body.writeUInt32LE(value, index * 4));
  directory.copy(body, directoryStart * sectorSize);
  if (miniFatSectors) {
    const table = Buffer.alloc(miniFatSectors * sectorSize, 0xff);
    miniFat.forEach((value, index) => table.writeUInt32LE(value, index * 4));
    table.copy(body, miniFatStart * sectorSize);
  }
  if (miniStreamSectors) miniStream.copy(body, miniStreamStart * sectorSize);
  for (const [stream, start] of largeStart) stream.bytes.copy(body, start * sectorSize);
  return Buffer.concat([header, body]);
}
