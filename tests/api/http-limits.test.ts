import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import {
  FakeClock,
  MemoryMailer,
  describeEachDatabase,
  registerUser,
  testConfig,
} from './support/test-app';

/** Sends `chunks` on a raw socket and waits up to `waitMs` for the server to close it. */
function rawExchange(
  port: number,
  chunks: string,
  waitMs: number,
): Promise<{ closed: boolean; received: string; afterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(chunks));
    let received = '';
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ closed, received, afterMs: Date.now() - started });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (data) => (received += data.toString('utf8')));
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
  });
}

const multipart = (bytes: Buffer) => {
  const boundary = `----limite${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="foto.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describeEachDatabase('request size and time limits', (ctx) => {
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    app = buildApp({
      db: ctx.handle,
      // The suite's config: its JWT secret makes the suite's tokens valid here.
      config: ctx.config,
      clock: new FakeClock(),
      mailer: new MemoryMailer(),
      storage: ctx.storage,
      httpLimits: { requestTimeout: 600, headersTimeout: 400, timeoutCheckInterval: 50 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('cuts off a half-sent body with 408 in Spanish and closes the connection', async () => {
    const result = await rawExchange(
      port,
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 200\r\n\r\n{"email":"lento@prueba.test",',
      4_000,
    );

    expect(result.closed).toBe(true);
    expect(result.afterMs).toBeLessThan(3_000);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.received).toContain('{"message":"La solicitud tardó demasiado"}');
  });

  it('cuts off headers that never end (slowloris)', async () => {
    const result = await rawExchange(
      port,
      'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Lento: 1\r\n',
      4_000,
    );
    expect(result.closed).toBe(true);
    expect(result.afterMs).toBeLessThan(3_000);
  });

  it('still serves a request sent in time on the same server', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });

  it('refuses a JSON body over 64 KiB with 413 in Spanish', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'grande@prueba.test', password: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'La solicitud es demasiado grande' });
  });

  it('keeps the photo upload above the JSON limit (its own 5 MB file limit)', async () => {
    const { token } = await registerUser(ctx, {});
    // Noise does not compress: a PNG of a few hundred KiB.
    const png = await sharp(randomBytes(300 * 300 * 3), {
      raw: { width: 300, height: 300, channels: 3 },
    })
      .png()
      .toBuffer();
    expect(png.length).toBeGreaterThan(128 * 1024);

    const body = multipart(png);
    const response = await app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(200);
  });
});

describeEachDatabase('the default limits', (ctx) => {
  it('sets request and header timeouts and a 64 KiB body limit', async () => {
    const app = buildApp({
      db: ctx.handle,
      config: testConfig(),
      clock: new FakeClock(),
      mailer: new MemoryMailer(),
    });
    try {
      await app.ready();
      expect(app.initialConfig.bodyLimit).toBe(64 * 1024);
      expect(app.server.requestTimeout).toBe(60_000);
      expect(app.server.headersTimeout).toBe(15_000);
      expect(app.server.timeout).toBe(30_000);
    } finally {
      await app.close();
    }
  });
});
