import { expect, it } from 'vitest';
import { describeEachDatabase, registerUser } from './support/test-app';

/** The headers helmet and the API hook put on every answer. */
function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  // Plain HTTP here: HSTS goes only over HTTPS (tests/api/security-headers.test.ts).
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['cache-control']).toBe('no-store');
}

describeEachDatabase('errors raised by Fastify itself', (ctx) => {
  it('answers an undecodable URL with 400 in the app format, with the security headers', async () => {
    const { token } = await registerUser(ctx);
    const response = await ctx.request({ method: 'GET', url: '/api/pla_club_teams/%FF', token });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({ message: 'La dirección solicitada no es válida' });
    expect(response.body).not.toMatch(/%FF|pla_club_teams|FST_ERR/);
    expectSecurityHeaders(response.headers);
  });

  it('answers a 300-character path parameter with 414 in the app format, with the security headers', async () => {
    const { token } = await registerUser(ctx);
    const long = '1'.repeat(300);
    const response = await ctx.request({
      method: 'GET',
      url: `/api/pla_club_teams/${long}`,
      token,
    });

    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'La dirección solicitada es demasiado larga' });
    expect(response.body).not.toContain(long);
    expect(response.body).not.toMatch(/FST_ERR/);
    expectSecurityHeaders(response.headers);
  });

  it('answers an undecodable URL without a token the same way (the router runs first)', async () => {
    const response = await ctx.request({ method: 'DELETE', url: '/api/admin/modules/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'La dirección solicitada no es válida' });
    expectSecurityHeaders(response.headers);
  });

  it('answers an unknown /api path with 404 and the same headers', async () => {
    const response = await ctx.request({ method: 'GET', url: '/api/no-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
    expectSecurityHeaders(response.headers);
  });
});
