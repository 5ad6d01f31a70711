import { closeSync, openSync, readSync } from 'node:fs';
import { endianness } from 'node:os';

/**
 * Frames in a WAL file's index not yet copied into the database, read from the wal-index header in
 * its -shm file as the checkpoint thread reads it (https://www.sqlite.org/walformat.html: mxFrame at
 * byte 16, nBackfill at 96, native byte order). 0 once a checkpoint has copied everything, and
 * after the WAL has started over. For tests that wait for the thread's checkpoint itself.
 */
export function uncopiedWalFrames(databaseFile: string): number {
  const header = Buffer.alloc(100);
  const fd = openSync(`${databaseFile}-shm`, 'r');
  try {
    if (readSync(fd, header, 0, 100, 0) < 100) throw new Error(`${databaseFile}-shm has no wal-index header`);
  } finally {
    closeSync(fd);
  }
  const little = endianness() === 'LE';
  const frames = little ? header.readUInt32LE(16) : header.readUInt32BE(16);
  const copied = little ? header.readUInt32LE(96) : header.readUInt32BE(96);
  return frames - copied;
}
