/**
 * Disk latency the way etcd's WAL uses it: small sequential appends into a preallocated file,
 * each followed by fdatasync (etcd preallocates 64 MB WAL segments and fdatasyncs after each batch
 * of entries). Bounded by a count and a time.
 */
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { FsyncResult } from '../../../src/lib/lab/result.ts';
import { LatencyRecorder } from './histogram.ts';

/**
 * @param dir - directory on the disk to measure (the lab's data directories' parent).
 * @param writes - at most this many append + fdatasync rounds.
 * @param maxMs - stops earlier after this long.
 * @param blockBytes - bytes per append.
 */
export function measureFsync(dir: string, writes = 500, maxMs = 5000, blockBytes = 4096): FsyncResult {
  const path = join(dir, `fsync-probe-${process.pid}.bin`);
  const fd = openSync(path, 'w');
  const rec = new LatencyRecorder();
  try {
    // Preallocate with real zeros (not a sparse file) so appends do not change the file's size.
    const zeros = Buffer.alloc(blockBytes * writes);
    writeSync(fd, zeros, 0, zeros.length, 0);
    fdatasyncSync(fd);
    const block = Buffer.alloc(blockBytes, 0x61);
    const end = performance.now() + maxMs;
    let done = 0;
    for (; done < writes && performance.now() < end; done++) {
      const t0 = performance.now();
      writeSync(fd, block, 0, blockBytes, done * blockBytes);
      fdatasyncSync(fd);
      rec.record(performance.now() - t0);
    }
    return { dir, writes: done, blockBytes, latency: rec.stats() };
  } finally {
    closeSync(fd);
    rmSync(path, { force: true });
  }
}
