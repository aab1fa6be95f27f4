import { expect, it } from 'vitest';
import { appConfigSchema } from '../../contract/app-config.schema';
import { describeEachDatabase } from './support/test-app';

describeEachDatabase(
  'GET /api/config',
  (ctx) => {
    it('answers the WhatsApp number to a visitor without a session', async () => {
      const response = await ctx.request({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(appConfigSchema.parse(response.json())).toEqual({ whatsapp_phone: '573001112233' });
    });

    it('ignores a token the server does not accept (the endpoint is public)', async () => {
      const response = await ctx.request({ method: 'GET', url: '/api/config', token: 'no-vale' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ whatsapp_phone: '573001112233' });
    });

    it('tells nothing else of the configuration', async () => {
      const response = await ctx.request({ method: 'GET', url: '/api/config' });
      expect(Object.keys(response.json() as object)).toEqual(['whatsapp_phone']);
      expect(response.body).not.toMatch(/jwt|secret|smtp|database/i);
    });

    it('refuses other methods with the Spanish 404', async () => {
      const response = await ctx.request({ method: 'POST', url: '/api/config', body: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
    });
  },
  // Written as a person would type it in the environment: only the digits reach wa.me.
  { config: { whatsappPhone: '+57 300 111 2233' } },
);
