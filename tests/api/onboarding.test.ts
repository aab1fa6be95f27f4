import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  onboardingFlowResponseSchema,
  onboardingFlowSlugs,
  onboardingFlows,
  onboardingMessages,
  onboardingStatusResponseSchema,
  roleSlug,
} from '../../contract/onboarding.schema';
import { userSchema } from '../../contract/users.schema';
import { roleNames } from '../../contract/roles.schema';
import { userOnboarding } from '../../server/db/schema/onboarding';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts';
import { createClub, memberOf, superAdmin } from './support/clubs';
import { type TestContext, describeEachDatabase, login, registerUser } from './support/test-app';

async function status(ctx: TestContext, token: string) {
  const response = await ctx.request({ method: 'GET', url: '/api/onboarding/status', token });
  expect(response.statusCode).toBe(200);
  return onboardingStatusResponseSchema.parse(response.json()).data;
}

async function recordStep(ctx: TestContext, token: string, step: number | string) {
  return ctx.request({ method: 'POST', url: `/api/onboarding/step/${step}`, token });
}

async function complete(ctx: TestContext, token: string) {
  return ctx.request({ method: 'PUT', url: '/api/onboarding/complete', token });
}

async function me(ctx: TestContext, token: string) {
  const response = await ctx.request({ method: 'GET', url: '/api/user', token });
  expect(response.statusCode).toBe(200);
  return userSchema.parse(response.json());
}

describeEachDatabase(
  'Onboarding API (/api/onboarding)',
  (ctx) => {
    it("answers 401 'Usuario no autenticado' on every call without a session", async () => {
      const calls = [
        { method: 'GET', url: '/api/onboarding/status' },
        { method: 'POST', url: '/api/onboarding/step/1' },
        { method: 'POST', url: '/api/onboarding/step/abc' },
        { method: 'PUT', url: '/api/onboarding/complete' },
        { method: 'GET', url: '/api/onboarding/flow/entrenador' },
      ] as const;
      for (const call of calls) {
        for (const token of [undefined, 'no-es-un-token']) {
          const response = await ctx.request({ ...call, token });
          expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
          expect(response.json()).toEqual({ message: onboardingMessages.unauthenticated });
        }
      }
      // Other endpoints keep their own message.
      const user = await ctx.request({ method: 'GET', url: '/api/user' });
      expect(user.json<{ message: string }>().message).not.toBe(onboardingMessages.unauthenticated);
    });

    it("gives a new account the 'default' flow: Propietario del Club, 5 steps, nothing done, its own data", async () => {
      const person = await registerUser(ctx, { name: 'Ana', lastname: 'Gómez' });
      const data = await status(ctx, person.token);
      expect(data).toEqual({
        completed: false,
        current_step: 1,
        total_steps: 5,
        completed_steps: [],
        role_name: 'Propietario del Club',
        next_step: 1,
        progress_percentage: 0,
        flow: 'default',
        user_data: {
          name: 'Ana',
          lastname: 'Gómez',
          email: person.email,
          phone: null,
          birth_date: null,
          gender: null,
          document_type: null,
          document_number: null,
          photo_url: null,
          current_club_id: null,
        },
      });
    });

    it('records a step once, moves to the next missing step and keeps GET /api/user in agreement', async () => {
      const person = await registerUser(ctx);
      const first = await recordStep(ctx, person.token, 1);
      expect(first.statusCode).toBe(200);
      expect(onboardingStatusResponseSchema.parse(first.json()).data).toMatchObject({
        completed_steps: [1],
        current_step: 2,
        next_step: 2,
        progress_percentage: 20,
      });

      const again = await recordStep(ctx, person.token, 1);
      expect(again.statusCode).toBe(200);
      expect(onboardingStatusResponseSchema.parse(again.json()).data.completed_steps).toEqual([1]);

      const third = onboardingStatusResponseSchema.parse(
        (await recordStep(ctx, person.token, 3)).json(),
      ).data;
      expect(third).toMatchObject({ completed_steps: [1, 3], current_step: 2, next_step: 2 });

      const [row] = await ctx.db
        .select()
        .from(userOnboarding)
        .where(eq(userOnboarding.userId, person.id));
      expect(row).toMatchObject({
        completedSteps: [1, 3],
        currentStep: 2,
        totalSteps: 5,
        roleName: 'default',
      });

      const { flow: _flow, user_data: _userData, ...fromStatus } = await status(ctx, person.token);
      expect((await me(ctx, person.token)).onboarding).toEqual(fromStatus);
    });

    it('refuses a step outside the flow with 400 on the step', async () => {
      const person = await registerUser(ctx);
      const beyond = await recordStep(ctx, person.token, 6);
      expect(beyond.statusCode).toBe(400);
      expect(beyond.json()).toEqual({
        message: onboardingMessages.stepOutOfRange(5),
        errors: [{ path: 'step', message: onboardingMessages.stepOutOfRange(5) }],
      });
      for (const step of ['0', 'abc', '1.5']) {
        const response = await recordStep(ctx, person.token, step);
        expect(response.statusCode, step).toBe(400);
        expect(response.json<{ errors: { path: string }[] }>().errors[0]?.path).toBe('step');
      }
      expect((await status(ctx, person.token)).completed_steps).toEqual([]);
    });

    it('refuses to complete while a required step is missing (listing their titles), then completes', async () => {
      const person = await registerUser(ctx);
      await recordStep(ctx, person.token, 1);
      const early = await complete(ctx, person.token);
      expect(early.statusCode).toBe(422);
      expect(early.json()).toEqual({
        message: onboardingMessages.requiredStepsMissing([
          'Documento de identidad',
          'Tu club',
          'Temporada',
        ]),
      });
      expect((await status(ctx, person.token)).completed).toBe(false);

      for (const step of [2, 3, 4]) {
        expect((await recordStep(ctx, person.token, step)).statusCode).toBe(200);
      }
      // Step 5 (invite a trainer) is optional.
      const done = await complete(ctx, person.token);
      expect(done.statusCode).toBe(200);
      expect(onboardingStatusResponseSchema.parse(done.json()).data).toMatchObject({
        completed: true,
        completed_steps: [1, 2, 3, 4],
        next_step: null,
        progress_percentage: 100,
        role_name: 'Propietario del Club',
      });
      const [row] = await ctx.db
        .select()
        .from(userOnboarding)
        .where(eq(userOnboarding.userId, person.id));
      expect(row?.completed).toBe(true);
      expect(row?.completedAt).toBeInstanceOf(Date);
      expect((await me(ctx, person.token)).onboarding).toMatchObject({
        completed: true,
        progress_percentage: 100,
        next_step: null,
      });
    });

    it('keeps the flow chosen when the first step was recorded, even after creating a club', async () => {
      const person = await registerUser(ctx);
      await recordStep(ctx, person.token, 1);
      await recordStep(ctx, person.token, 2);
      await createClub(ctx, person.token, { name: 'Club del Recorrido' });
      const data = await status(ctx, person.token);
      expect(data).toMatchObject({
        flow: 'default',
        total_steps: 5,
        role_name: 'Propietario del Club',
        completed_steps: [1, 2],
      });
      expect(data.user_data.current_club_id).not.toBeNull();
    });

    it("gives a trainer the trainer's 3-step flow, whose photo step is optional", async () => {
      const owner = await registerUser(ctx);
      const club = await createClub(ctx, owner.token, { name: 'Club de Entrenadores' });
      const trainer = await memberOf(ctx, club.id, 'Entrenador');
      const data = await status(ctx, trainer.token);
      expect(data).toMatchObject({
        flow: 'entrenador',
        role_name: 'Entrenador',
        total_steps: 3,
        completed_steps: [],
        user_data: { current_club_id: club.id },
      });
      expect((await me(ctx, trainer.token)).onboarding.total_steps).toBe(3);

      expect((await recordStep(ctx, trainer.token, 4)).statusCode).toBe(400);
      await recordStep(ctx, trainer.token, 1);
      await recordStep(ctx, trainer.token, 2);
      const done = await complete(ctx, trainer.token);
      expect(done.statusCode).toBe(200);
      expect(onboardingStatusResponseSchema.parse(done.json()).data).toMatchObject({
        completed: true,
        total_steps: 3,
        flow: 'entrenador',
      });
      const [row] = await ctx.db
        .select()
        .from(userOnboarding)
        .where(eq(userOnboarding.userId, trainer.id));
      expect(row).toMatchObject({ roleName: 'entrenador', totalSteps: 3 });
    });

    it("gives a super admin the super admin's one-step flow", async () => {
      const admin = await superAdmin(ctx);
      expect(await status(ctx, admin.token)).toMatchObject({
        flow: 'super-admin',
        role_name: 'Super Admin',
        total_steps: 1,
      });
    });

    it('reads the demo accounts with their role flows (completed)', async () => {
      const response = await login(ctx, 'entrenador@demo.club', DEMO_PASSWORD);
      const { token } = response.json<{ token: string }>();
      expect(await status(ctx, token)).toMatchObject({
        completed: true,
        flow: 'entrenador',
        role_name: 'Entrenador',
        total_steps: 3,
        completed_steps: [1, 2, 3],
        progress_percentage: 100,
        next_step: null,
      });
    });

    it('describes the flow of every role, by slug or by name in any case', async () => {
      const person = await registerUser(ctx);
      for (const slug of onboardingFlowSlugs) {
        const response = await ctx.request({
          method: 'GET',
          url: `/api/onboarding/flow/${slug}`,
          token: person.token,
        });
        expect(response.statusCode, slug).toBe(200);
        const flow = onboardingFlowResponseSchema.parse(response.json()).data;
        expect(flow.slug).toBe(slug);
        expect(flow.total_steps).toBe(onboardingFlows[slug].length);
        expect(flow.steps.map((step) => step.key)).toEqual(
          onboardingFlows[slug].map((step) => step.key),
        );
      }
      for (const name of roleNames) {
        const response = await ctx.request({
          method: 'GET',
          url: `/api/onboarding/flow/${encodeURIComponent(name.toUpperCase())}`,
          token: person.token,
        });
        expect(response.statusCode, name).toBe(200);
        expect(onboardingFlowResponseSchema.parse(response.json()).data).toMatchObject({
          slug: roleSlug(name),
          role_name: name,
        });
      }
      const parent = await ctx.request({
        method: 'GET',
        url: `/api/onboarding/flow/${encodeURIComponent('Padre/Acudiente')}`,
        token: person.token,
      });
      expect(onboardingFlowResponseSchema.parse(parent.json()).data).toMatchObject({
        slug: 'padre-acudiente',
        role_name: 'Padre/Acudiente',
        total_steps: 4,
      });
      const fallback = await ctx.request({
        method: 'GET',
        url: '/api/onboarding/flow/default',
        token: person.token,
      });
      expect(onboardingFlowResponseSchema.parse(fallback.json()).data).toMatchObject({
        role_name: 'Propietario del Club',
        total_steps: 5,
      });
    });

    it('answers 404 for a role without a flow', async () => {
      const person = await registerUser(ctx);
      for (const role of ['arbitro', '%21%21', 'Entrenador%20Jefe']) {
        const response = await ctx.request({
          method: 'GET',
          url: `/api/onboarding/flow/${role}`,
          token: person.token,
        });
        expect(response.statusCode, role).toBe(404);
        expect(response.json()).toEqual({ message: onboardingMessages.unknownFlow });
      }
    });
  },
  { demo: true },
);
