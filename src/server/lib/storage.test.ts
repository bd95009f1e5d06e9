import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStorage, type Storage } from './storage';

// Files on disk (decision record 005); streamed writes are the export archive's (record 027).

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});
const storage = (): { root: string; storage: Storage } => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hs-storage-'));
  roots.push(root);
  return { root, storage: new FileStorage(root) };
};

describe('FileStorage.putStream', () => {
  it('writes a stream to its key, and leaves nothing behind when the stream fails', async () => {
    const { root, storage: files } = storage();
    await files.putStream('exports/0123abcd.zip', Readable.from([Buffer.from('archive '), Buffer.from('bytes')]), 13);
    expect(await text((await files.get('exports/0123abcd.zip'))!.stream)).toBe('archive bytes');

    const failing = new Readable({ read() { this.destroy(new Error('storage read failed')); } });
    await expect(files.putStream('exports/4567cdef.zip', failing, 10)).rejects.toThrow('storage read failed');
    expect(fs.readdirSync(path.join(root, 'exports'))).toEqual(['0123abcd.zip']);
    await expect(files.putStream('../outside', Readable.from([]), 0)).rejects.toThrow(/Invalid storage key/);
  });
});
