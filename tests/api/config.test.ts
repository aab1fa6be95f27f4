import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { backupTarget } from '../../server/db/backup/backup-cli-support';
import { isUniqueViolation, sqlState } from '../../server/lib/sql-state';
import { createFileMailer } from '../../server/mail/mailer';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gd-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('runs on a laptop with no variables but DATA_DIR', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const config = loadConfig({ DATA_DIR: dataDir });

    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      pgliteDir: path.join(dataDir, 'pglite'),
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Gestión deportiva <no-reply@gestion-deportiva.local>',
      mailDir: path.join(dataDir, 'mail'),
      whatsappPhone: '573001234567',
      trustProxy: false,
      s3: undefined,
    });
    expect(statSync(dataDir).isDirectory()).toBe(true);
  });

  it('generates the JWT secret once (mode 0600) and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'jwt-secret');

    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url')).toHaveLength(32);
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
  });

  it('takes every value from the environment', () => {
    const dataDir = tempDir();
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '4010',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://localhost/gestion',
      JWT_SECRET: 'x'.repeat(40),
      APP_URL: 'https://club.example.com/',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Club <club@example.com>',
      WHATSAPP_PHONE: '573009999999',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 4010,
      host: '127.0.0.1',
      databaseUrl: 'postgres://localhost/gestion',
      appUrl: 'https://club.example.com',
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'Club <club@example.com>',
      whatsappPhone: '573009999999',
      trustProxy: 1,
    });
    expect(new TextDecoder().decode(config.jwtSecret)).toBe('x'.repeat(40));
    expect(readdirSync(dataDir)).not.toContain('jwt-secret');
  });

  it('defaults APP_URL to the configured port', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '3999' }).appUrl).toBe('http://localhost:3999');
  });

  it('refuses a bad PORT and a short JWT_SECRET', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'tres mil' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'corto' })).toThrow(/JWT_SECRET/);
  });
});

describe('loadConfig of the metrics token (issue #36 item 4)', () => {
  it('leaves /metrics closed when METRICS_TOKEN is unset or empty', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
  });

  it('reads METRICS_TOKEN', () => {
    const token = 'prometheus-'.padEnd(32, 'x');
    expect(loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('refuses a short METRICS_TOKEN without repeating it', () => {
    const load = () => loadConfig({ DATA_DIR: tempDir(), METRICS_TOKEN: 'secreto-corto' });
    expect(load).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(load).not.toThrow(/secreto-corto/);
  });
});

describe('loadConfig of DEMO_DATA', () => {
  const demoData = (value?: string) =>
    loadConfig({ DATA_DIR: tempDir(), ...(value === undefined ? {} : { DEMO_DATA: value }) })
      .demoData;

  it('seeds the demo when unset or empty, so npm start shows it on a laptop', () => {
    expect(demoData()).toBe(true);
    expect(demoData('')).toBe(true);
  });

  it('reads 1/true as on and 0/false as off', () => {
    expect([demoData('1'), demoData('true'), demoData('TRUE')]).toEqual([true, true, true]);
    expect([demoData('0'), demoData('false'), demoData('False')]).toEqual([false, false, false]);
  });

  it('refuses any other value at start-up, naming the variable', () => {
    expect(() => demoData('no')).toThrow('DEMO_DATA must be 1, true, 0 or false, got "no"');
    expect(() => demoData('off')).toThrow(/DEMO_DATA/);
  });
});

describe('loadConfig of the uploads in S3 (issue #36)', () => {
  it('reads the bucket, endpoint, region, prefix and path style', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'club-archivos',
      S3_ENDPOINT: 'https://abc123.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_PREFIX: '/gestion/produccion/',
      S3_FORCE_PATH_STYLE: 'false',
    });
    expect(config.s3).toEqual({
      bucket: 'club-archivos',
      endpoint: 'https://abc123.r2.cloudflarestorage.com',
      region: 'auto',
      prefix: 'gestion/produccion',
      forcePathStyle: false,
    });
  });

  it('defaults to us-east-1, no prefix, and path style only with an endpoint', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'club-archivos' }).s3).toEqual({
      bucket: 'club-archivos',
      endpoint: undefined,
      region: 'us-east-1',
      prefix: undefined,
      forcePathStyle: false,
    });
    const minio = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'club-archivos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
    });
    expect(minio.s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it('refuses S3 settings it cannot use, before touching DATA_DIR', () => {
    const bucket = { S3_BUCKET: 'club-archivos' };
    const refusals: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: 'Club_Archivos' }, /S3_BUCKET must be a bucket name/],
      [{ ...bucket, S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT must be an http\(s\) URL/],
      [{ ...bucket, S3_ENDPOINT: 'ftp://minio' }, /S3_ENDPOINT must be an http\(s\) URL/],
      [{ ...bucket, S3_FORCE_PATH_STYLE: 'sí' }, /S3_FORCE_PATH_STYLE must be true or false/],
      [{ ...bucket, S3_PREFIX: 'gestion/../otro' }, /S3_PREFIX must be a folder path/],
      [{ ...bucket, S3_PREFIX: 'con espacio' }, /S3_PREFIX must be a folder path/],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT set without S3_BUCKET/],
    ];
    for (const [env, message] of refusals) {
      const dataDir = path.join(tempDir(), 'data');
      expect(() => loadConfig({ DATA_DIR: dataDir, ...env }), JSON.stringify(env)).toThrow(message);
      expect(existsSync(dataDir)).toBe(false);
    }
  });

  it('tells the backup command that the files are in the bucket', () => {
    expect(backupTarget({ DATA_DIR: '/srv/gd', S3_BUCKET: 'club-archivos' }).s3Bucket).toBe(
      'club-archivos',
    );
    expect(backupTarget({ DATA_DIR: '/srv/gd' }).s3Bucket).toBeUndefined();
  });
});

describe('the file mail transport', () => {
  it('writes DATA_DIR/mail/<ISO timestamp>-<outbox id>.json with to, subject, text, html, created_at', async () => {
    const dir = path.join(tempDir(), 'mail');
    const createdAt = new Date('2026-03-04T05:06:07.089Z');
    await createFileMailer(dir).send({
      id: 42,
      to: 'ana@example.com',
      subject: 'Asunto',
      text: 'Texto',
      html: '<p>Texto</p>',
      createdAt,
    });

    expect(readdirSync(dir)).toEqual(['2026-03-04T05-06-07-089Z-42.json']);
    expect(
      JSON.parse(readFileSync(path.join(dir, '2026-03-04T05-06-07-089Z-42.json'), 'utf8')),
    ).toEqual({
      to: 'ana@example.com',
      subject: 'Asunto',
      text: 'Texto',
      html: '<p>Texto</p>',
      created_at: '2026-03-04T05:06:07.089Z',
    });
  });
});

describe('sqlState', () => {
  it('finds the SQLSTATE however deeply the driver error is wrapped', () => {
    const driverError = Object.assign(new Error('duplicate key'), {
      code: '23505',
      constraint: 'users_email_unique',
    });
    const wrapped = new Error('Failed query', {
      cause: new Error('wrapper', { cause: driverError }),
    });

    expect(sqlState(wrapped)).toBe('23505');
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(wrapped, 'otra_restriccion')).toBe(false);
    expect(sqlState(new Error('nothing'))).toBeUndefined();
    expect(sqlState(Object.assign(new Error('node'), { code: 'ECONNREFUSED' }))).toBeUndefined();
  });
});
