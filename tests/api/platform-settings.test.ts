import { desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { platformMessages } from '../../contract/platform.schema';
import {
  type SettingsPlan,
  platformSettingsMessages as texts,
} from '../../contract/platform-settings.schema';
import { auditLog } from '../../server/db/schema/platform';
import { superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, registerUser } from './support/test-app';

const free: SettingsPlan = {
  id: 'free',
  name: 'Básico',
  price_cop: 0,
  description: 'Para empezar.',
  features: ['Hasta 50 jugadores'],
  max_players: 50,
  available: true,
};
const pro: SettingsPlan = {
  id: 'pro',
  name: 'Pro',
  price_cop: 49_900,
  description: 'Para crecer.',
  features: ['Jugadores ilimitados', 'Soporte prioritario'],
  max_players: null,
  available: true,
};

const put = (ctx: TestContext, token: string, body: unknown) =>
  ctx.request({ method: 'PUT', url: '/api/admin/platform-settings', token, body });

const pathsOf = (response: { json: () => unknown }) =>
  ((response.json() as { errors?: { path: string }[] }).errors ?? []).map((e) => e.path);

describeEachDatabase(
  'Platform settings API',
  (ctx) => {
    it('answers the defaults until the super admin saves, then what was saved', async () => {
      const admin = await superAdmin(ctx);
      const first = await ctx.request({
        method: 'GET',
        url: '/api/admin/platform-settings',
        token: admin.token,
      });
      expect(first.statusCode).toBe(200);
      const initial = first.json<{ data: { whatsapp_number: null; plans: SettingsPlan[] } }>();
      expect(initial.data.whatsapp_number).toBeNull();
      expect(initial.data.plans.map((plan) => [plan.id, plan.name, plan.price_cop])).toEqual([
        ['free', 'Gratis', 0],
        ['pro', 'Pro', 0],
      ]);

      const saved = await put(ctx, admin.token, {
        whatsapp_number: '573109998877',
        plans: [free, pro],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        message: texts.saved,
        data: { whatsapp_number: '573109998877', plans: [free, pro] },
      });

      const [audit] = await ctx.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'platform.settings_changed'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(audit).toMatchObject({
        actorUserId: admin.id,
        details: {
          whatsapp_number: '573109998877',
          plans: [
            { id: 'free', price_cop: 0 },
            { id: 'pro', price_cop: 49_900 },
          ],
        },
      });

      // The app's help button and the pricing page read what was saved.
      const config = await ctx.request({ method: 'GET', url: '/api/config' });
      expect(config.json()).toEqual({ whatsapp_phone: '573109998877' });
      const plans = await ctx.request({ method: 'GET', url: '/api/plans' });
      expect(
        plans
          .json<{ data: { name: string; price: string }[] }>()
          .data.map((p) => [p.name, p.price]),
      ).toEqual([
        ['Básico', '$\u00a00'],
        ['Pro', '$\u00a049.900 al mes'],
      ]);

      // Cleared, the configuration's number is back.
      const cleared = await put(ctx, admin.token, { whatsapp_number: null, plans: [free, pro] });
      expect(cleared.json<{ data: { whatsapp_number: null } }>().data.whatsapp_number).toBeNull();
      const back = await ctx.request({ method: 'GET', url: '/api/config' });
      expect(back.json()).toEqual({ whatsapp_phone: '573001234567' });
    });

    it('refuses a bad number, price or plan list on its field, in Spanish', async () => {
      const admin = await superAdmin(ctx);
      const cases: [unknown, string, string?][] = [
        [{ whatsapp_number: '57 310', plans: [free] }, 'whatsapp_number', texts.whatsapp],
        [{ whatsapp_number: '1234567', plans: [free] }, 'whatsapp_number', texts.whatsapp],
        [{ whatsapp_number: '1234567890123456', plans: [free] }, 'whatsapp_number'],
        [
          { whatsapp_number: null, plans: [{ ...free, price_cop: -1 }] },
          'plans.0.price_cop',
          texts.priceCop,
        ],
        [{ whatsapp_number: null, plans: [{ ...pro, price_cop: 10.5 }] }, 'plans.0.price_cop'],
        [{ whatsapp_number: null, plans: [] }, 'plans', texts.plansEmpty],
        [{ whatsapp_number: null, plans: [free, free] }, 'plans', texts.planTwice],
        [{ whatsapp_number: null, plans: [{ ...free, features: ['  '] }] }, 'plans.0.features.0'],
        [{ whatsapp_number: null, plans: [{ ...free, name: '' }] }, 'plans.0.name'],
      ];
      for (const [body, path, message] of cases) {
        const response = await put(ctx, admin.token, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(pathsOf(response)).toContain(path);
        if (message) expect(response.body).toContain(message);
      }
    });

    it('refuses anyone but the super admin', async () => {
      const user = await registerUser(ctx);
      for (const response of [
        await ctx.request({
          method: 'GET',
          url: '/api/admin/platform-settings',
          token: user.token,
        }),
        await put(ctx, user.token, { whatsapp_number: '573109998877', plans: [free] }),
      ]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: platformMessages.superAdminOnly });
      }
      const anonymous = await ctx.request({ method: 'GET', url: '/api/admin/platform-settings' });
      expect(anonymous.statusCode).toBe(401);
    });
  },
  { config: { whatsappPhone: '+57 300 123 4567' } },
);
