import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isBuildCurrent } from '../../scripts/lib/build-freshness';

const INPUTS = ['src', 'index.html', 'package-lock.json'];
const OUTPUT = 'dist/index.html';

let root: string;

/** Writes `file` under the root, dated `secondsAgo` before now. */
function write(file: string, secondsAgo: number) {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, file);
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(target, at, at);
  // A directory's own time moves when an entry is added: date it back too.
  utimesSync(path.dirname(target), at, at);
}

const current = () => isBuildCurrent(root, INPUTS, OUTPUT);

describe('isBuildCurrent (npm start builds only when this is false)', () => {
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'gd-freshness-'));
    write('src/app/router.tsx', 300);
    write('src/main.tsx', 300);
    write('index.html', 300);
    write('package-lock.json', 300);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds a fresh clone: no dist/ at all', () => {
    expect(current()).toBe(false);
  });

  it('keeps a build newer than every source', () => {
    write(OUTPUT, 60);
    expect(current()).toBe(true);
  });

  it('builds again when a file deep in a source directory changed after the build', () => {
    write(OUTPUT, 60);
    write('src/app/router.tsx', 10);
    expect(current()).toBe(false);
  });

  it('builds again when a single-file input (the lock file) changed after the build', () => {
    write(OUTPUT, 60);
    write('package-lock.json', 10);
    expect(current()).toBe(false);
  });

  it('builds again when a source file was added after the build', () => {
    write(OUTPUT, 60);
    write('src/screens/new-screen.tsx', 5);
    expect(current()).toBe(false);
  });

  it('ignores an input that does not exist', () => {
    write(OUTPUT, 60);
    expect(isBuildCurrent(root, [...INPUTS, 'public'], OUTPUT)).toBe(true);
  });
});
