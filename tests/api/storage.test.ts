import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorage, createDiskStorage } from '../../server/storage/storage';

describe('disk file storage', () => {
  let dir: string;
  let storage: FileStorage;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'gd-storage-'));
    storage = createDiskStorage(path.join(dir, 'uploads'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes, reads back with the type of the extension, and deletes (twice without error)', async () => {
    await storage.put('photos/1-abc.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(await readdir(path.join(dir, 'uploads', 'photos'))).toEqual(['1-abc.webp']);
    const file = await storage.get('photos/1-abc.webp');
    expect(file?.bytes.toString()).toBe('webp bytes');
    expect(file?.contentType).toBe('image/webp');
    await storage.delete('photos/1-abc.webp');
    await storage.delete('photos/1-abc.webp');
    expect(await storage.get('photos/1-abc.webp')).toBeNull();
  });

  it('refuses keys that leave its directory', async () => {
    for (const key of ['../x.webp', 'photos/../../x', '/etc/passwd', 'photos\\x.webp', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});
