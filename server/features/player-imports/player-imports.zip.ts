import {
  PLAYER_IMPORT_MAX_ENTRIES,
  PLAYER_IMPORT_MAX_RATIO,
  PLAYER_IMPORT_MAX_UNPACKED_MB,
  playerImportMessages,
} from '../../../contract/player-imports.schema';
import { AppError } from '../../lib/app-error';

/*
 * An .xlsx is a ZIP. Before a byte of it is inflated, its central directory (the index at
 * the end of the file) says how many parts it has and how big each unpacks: a "zip bomb"
 * (1 MB that inflates to 300 MB) is refused here, on those figures, in microseconds.
 * What inflates later is still bounded by the parsing worker's memory limit and timeout
 * (player-imports.pool.ts), so an archive that lies about its sizes cannot do more.
 */

const MB = 1024 * 1024;
export const MAX_UNPACKED_BYTES = PLAYER_IMPORT_MAX_UNPACKED_MB * MB;
/** Below this a part's ratio is not looked at (a tiny XML of repeated tags packs very well). */
const RATIO_FROM_BYTES = 1 * MB;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const END_SIZE = 22;
const ENTRY_SIZE = 46;

const refuse = (status: number, message: string) =>
  new AppError(status, message, { errors: [{ path: 'file', message }] });
const broken = () => refuse(415, playerImportMessages.wrongType);

export interface ZipEntry {
  name: string;
  packed: number;
  unpacked: number;
}

/** Where the end-of-central-directory record starts (it ends the file, after a comment). */
function endOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - END_SIZE - 0xffff);
  for (let at = bytes.length - END_SIZE; at >= lowest; at--) {
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw broken();
}

/** The parts the central directory lists; 415 when it is not a readable ZIP. */
export function zipEntries(bytes: Buffer): ZipEntry[] {
  if (bytes.length < END_SIZE) throw broken();
  const end = endOfDirectory(bytes);
  const count = bytes.readUInt16LE(end + 10);
  const size = bytes.readUInt32LE(end + 12);
  const offset = bytes.readUInt32LE(end + 16);
  // ZIP64 (0xFFFF / 0xFFFFFFFF markers) only serves archives far past our limits.
  if (count === 0xffff || offset === 0xffffffff)
    throw refuse(413, playerImportMessages.tooBigUnpacked);
  if (count > PLAYER_IMPORT_MAX_ENTRIES) throw refuse(422, playerImportMessages.tooManyEntries);
  if (offset + size > end) throw broken();
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + ENTRY_SIZE > end || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) throw broken();
    const packed = bytes.readUInt32LE(at + 20);
    const unpacked = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + ENTRY_SIZE, at + ENTRY_SIZE + nameLength);
    entries.push({ name, packed, unpacked });
    at += ENTRY_SIZE + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Refuses, before unpacking, an .xlsx with too many parts (422), one that unpacks past
 * PLAYER_IMPORT_MAX_UNPACKED_MB in all (413), or a big part packed past
 * PLAYER_IMPORT_MAX_RATIO to 1 (422).
 */
export function checkZip(bytes: Buffer): ZipEntry[] {
  const entries = zipEntries(bytes);
  let total = 0;
  for (const entry of entries) {
    // 0xFFFFFFFF: the real size is in a ZIP64 extra field, i.e. over 4 GB.
    if (entry.unpacked === 0xffffffff || entry.packed === 0xffffffff)
      throw refuse(413, playerImportMessages.tooBigUnpacked);
    total += entry.unpacked;
    if (total > MAX_UNPACKED_BYTES) throw refuse(413, playerImportMessages.tooBigUnpacked);
    if (
      entry.unpacked >= RATIO_FROM_BYTES &&
      entry.unpacked > PLAYER_IMPORT_MAX_RATIO * Math.max(entry.packed, 1)
    )
      throw refuse(422, playerImportMessages.suspiciousRatio);
  }
  return entries;
}
