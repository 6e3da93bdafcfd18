import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Log } from './event-sources.js';

/**
 * The local S3 (fauxqs) keeps objects in memory only, so an upload whose job the last run did not finish would be
 * gone after a restart. With a data directory, each uploaded object is copied to `<dir>/<bucket>/<key>`, and put
 * back (without an event) when its job is resumed; copies of jobs that are no longer open are removed then.
 */
export class KeptUploads {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly dir: string,
    private readonly s3: S3Client,
    private readonly log: Log,
  ) {}

  private fileOf(bucket: string, key: string): string | undefined {
    const file = resolve(this.dir, bucket, key);
    // A key is the seller's file name path: it must not lead out of the directory.
    return file.startsWith(`${resolve(this.dir)}${sep}`) ? file : undefined;
  }

  /** Copies a created object to disk. */
  keep(bucket: string, key: string): void {
    const file = this.fileOf(bucket, key);
    if (!file) return;
    const p = (async () => {
      const got = await this.s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const bytes = await got.Body?.transformToByteArray();
      if (!bytes) return;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, bytes);
    })()
      .catch((err) => this.log(`upload ${key} not kept on disk`, err))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Puts a kept object back into the bucket; false when there is no copy. */
  async restore(bucket: string, key: string): Promise<boolean> {
    const file = this.fileOf(bucket, key);
    if (!file || !existsSync(file)) return false;
    await this.s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: readFileSync(file), ContentType: 'text/csv' }));
    return true;
  }

  /** Removes every kept copy but those of `keys` (the jobs still open). */
  prune(bucket: string, keys: ReadonlySet<string>): void {
    const kept = new Map([...keys].map((k) => [this.fileOf(bucket, k), k]));
    const root = join(this.dir, bucket);
    if (!existsSync(root)) return;
    for (const entry of filesUnder(root)) if (!kept.has(entry)) rmSync(entry, { force: true });
  }

  async idle(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}

/** Every file under `root`. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}
