import { eq, inArray, sql } from 'drizzle-orm';
import { formatMoney } from '../../../contract/money.format';
import {
  type PlatformSettings,
  type PlatformSettingsUpdate,
  type SettingsPlan,
  WHATSAPP_PATTERN,
} from '../../../contract/platform-settings.schema';
import { DEFAULT_PLANS, type Plan, plansSettingSchema } from '../../../contract/plans.schema';
import type { Db } from '../../db/client';
import { platformSettings } from '../../db/schema/platform';
import type { Clock } from '../../lib/clock';
import { recordAudit } from '../audit-log/record-audit';
import { PLANS_SETTING_KEY } from '../plans/plans.service';

/** The platform_settings key of the WhatsApp help number (`{ number: digits }`). */
export const WHATSAPP_SETTING_KEY = 'whatsapp_number';

/**
 * The stored number. Kept as `{ "number": "57…" }`: a bare JSON string is bound by the
 * drivers as its text, which a jsonb column then reads as a number.
 */
function numberOf(value: unknown): string | null {
  const text = (value as { number?: unknown } | null)?.number;
  return typeof text === 'string' && WHATSAPP_PATTERN.test(text) ? text : null;
}

/** A stored plan: what GET /api/plans reads (plansSettingSchema) plus its price in pesos. */
type StoredPlan = Plan & { price_cop: number };

/** The price as the pricing page shows it: '$ 0', '$ 49.900 al mes' or 'Próximamente'. */
export function priceLabel(plan: Pick<SettingsPlan, 'price_cop' | 'available'>): string {
  if (plan.price_cop === 0) return formatMoney(0);
  return plan.available ? `${formatMoney(plan.price_cop)} al mes` : 'Próximamente';
}

const toStored = (plan: SettingsPlan): StoredPlan => ({ ...plan, price: priceLabel(plan) });

function plansOf(value: unknown): SettingsPlan[] {
  const parsed = value === undefined ? undefined : plansSettingSchema.safeParse(value);
  const raw = Array.isArray(value) ? (value as Partial<StoredPlan>[]) : [];
  // A plan stored before price_cop existed (or the defaults) costs what its label says: 0.
  const source = parsed?.success ? parsed.data : DEFAULT_PLANS;
  return source.map((plan) => {
    const cop = raw.find((each) => each?.id === plan.id)?.price_cop;
    return {
      id: plan.id,
      name: plan.name,
      price_cop: parsed?.success && Number.isInteger(cop) && cop! >= 0 ? cop! : 0,
      description: plan.description,
      features: [...plan.features],
      max_players: plan.max_players,
      available: plan.available,
    };
  });
}

/**
 * The platform's settings (issue #17): the WhatsApp help number and the plans, both in
 * platform_settings; both written in one transaction by the super admin panel.
 */
export function createPlatformSettingsService({ db, clock }: { db: Db; clock: Clock }) {
  async function rows() {
    return db
      .select()
      .from(platformSettings)
      .where(inArray(platformSettings.key, [WHATSAPP_SETTING_KEY, PLANS_SETTING_KEY]));
  }

  /** The stored WhatsApp number, or null (then the configuration's is used). */
  async function whatsappNumber(): Promise<string | null> {
    const [row] = await db
      .select({ value: platformSettings.value })
      .from(platformSettings)
      .where(eq(platformSettings.key, WHATSAPP_SETTING_KEY));
    return numberOf(row?.value);
  }

  async function read(): Promise<PlatformSettings> {
    const found = await rows();
    const whatsapp = found.find((row) => row.key === WHATSAPP_SETTING_KEY);
    const plans = found.find((row) => row.key === PLANS_SETTING_KEY);
    const stored = numberOf(whatsapp?.value);
    const times = found.map((row) => row.updatedAt.getTime());
    return {
      whatsapp_number: stored,
      plans: plansOf(plans?.value),
      updated_at: times.length ? new Date(Math.max(...times)).toISOString() : null,
    };
  }

  return {
    read,
    whatsappNumber,

    async update(input: PlatformSettingsUpdate, actorId: number): Promise<PlatformSettings> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const upsert = (key: string, value: unknown) =>
          tx
            .insert(platformSettings)
            .values({ key, value, updatedAt: now, updatedBy: actorId })
            .onConflictDoUpdate({
              target: platformSettings.key,
              set: { value: sql`excluded.value`, updatedAt: now, updatedBy: actorId },
            });
        if (input.whatsapp_number === null) {
          await tx.delete(platformSettings).where(eq(platformSettings.key, WHATSAPP_SETTING_KEY));
        } else {
          await upsert(WHATSAPP_SETTING_KEY, { number: input.whatsapp_number });
        }
        await upsert(PLANS_SETTING_KEY, input.plans.map(toStored));
        await recordAudit(tx, {
          actorUserId: actorId,
          action: 'platform.settings_changed',
          details: {
            whatsapp_number: input.whatsapp_number,
            plans: input.plans.map((plan) => ({ id: plan.id, price_cop: plan.price_cop })),
          },
        });
      });
      return read();
    },
  };
}

export type PlatformSettingsService = ReturnType<typeof createPlatformSettingsService>;
