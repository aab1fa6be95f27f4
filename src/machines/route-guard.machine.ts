import { and, assign, not, setup } from 'xstate';
import { LOGIN_PATH } from '../lib/public-paths';
import {
  CLUB_TEAM_PATH,
  canViewWithoutClub,
  dashboardPathFor,
  mayOpenPage,
  onboardingPathFor,
  sameFacts,
  type GuardFacts,
} from './route-guard.rules';

export type { GuardArea, GuardFacts, GuardSession } from './route-guard.rules';

/** The facts changed (the session, the user, the selected club or the page). */
export type RouteGuardEvent = { type: 'guard.update'; facts: GuardFacts };

/** Navigation is always a replace, so Back does not return to a page that redirects. */
const goTo = (to: (facts: GuardFacts) => string) =>
  ({
    type: 'navigate',
    params: ({ context }: { context: GuardFacts }) => ({ to: to(context) }),
  }) as const;

/**
 * The guard chain of the guarded areas (SPEC.md §2, §4 "Guard states"). Each time the
 * facts change it decides again, in the spec's order, and a redirecting state navigates on
 * entry. Pure: the app provides `navigate` and `rememberPage` (src/app/route-guard.tsx),
 * tests provide fakes. No invoke and no timers, so @xstate/graph walks it as it is.
 */
export const routeGuardMachine = setup({
  types: {
    context: {} as GuardFacts,
    events: {} as RouteGuardEvent,
    input: {} as GuardFacts,
  },
  actions: {
    // Effects: implemented by the app, faked by the tests.
    /** Replaces the current page with `to`. */
    navigate: (_, _params: { to: string }) => {},
    /** Keeps `path` in localStorage `redirectAfterLogin` for the next login. */
    rememberPage: (_, _params: { path: string }) => {},

    assignFacts: assign(({ event }) => event.facts),
  },
  guards: {
    factsChanged: ({ context, event }) => !sameFacts(context, event.facts),
    isChecking: ({ context }) => context.session === 'checking',
    isSignedOut: ({ context }) => context.session === 'signedOut',
    shouldRememberPage: ({ context }) => context.rememberPage,
    isOnboardingArea: ({ context }) => context.area === 'onboarding',
    hasCompletedOnboarding: ({ context }) => context.onboardingCompleted,
    /** Rule 3: no club at all, on a page that needs one. */
    needsClub: ({ context }) =>
      !context.isSuperAdmin &&
      !context.currentClubId &&
      context.selectedClubId <= 0 &&
      !canViewWithoutClub(context.pathname),
    /** The page's requirement (module, permission or super admin) is met. */
    mayOpenPage: ({ context }) => mayOpenPage(context),
  },
}).createMachine({
  id: 'routeGuard',
  description: 'Decides, for the session and the page, whether a guarded page may show.',
  context: ({ input }) => input,
  initial: 'deciding',
  on: {
    'guard.update': { guard: 'factsChanged', target: '.deciding', actions: 'assignFacts' },
  },
  states: {
    deciding: {
      description: 'The rules in the spec’s order; the first that applies wins.',
      always: [
        { guard: 'isChecking', target: 'initialising' },
        {
          guard: and(['isSignedOut', 'shouldRememberPage']),
          target: 'unauthenticated',
          actions: {
            type: 'rememberPage',
            params: ({ context }) => ({ path: `${context.pathname}${context.search}` }),
          },
        },
        { guard: 'isSignedOut', target: 'unauthenticated' },
        { guard: and(['isOnboardingArea', 'hasCompletedOnboarding']), target: 'onboardingDone' },
        { guard: 'isOnboardingArea', target: 'allowed' },
        { guard: 'needsClub', target: 'noClub' },
        { guard: not('hasCompletedOnboarding'), target: 'onboardingIncomplete' },
        { guard: not('mayOpenPage'), target: 'forbidden' },
        { target: 'allowed' },
      ],
    },
    initialising: {
      tags: ['loading'],
      description: 'The session is being checked: a full-screen loading indicator.',
    },
    unauthenticated: {
      tags: ['redirecting'],
      description: 'Signed out: to /login (the page was remembered unless the user logged out).',
      entry: goTo(() => LOGIN_PATH),
    },
    noClub: {
      tags: ['redirecting'],
      description: 'No club and the page needs one: to /home/club-team.',
      entry: goTo(() => CLUB_TEAM_PATH),
    },
    onboardingIncomplete: {
      tags: ['redirecting'],
      description: 'To /onboarding/{first role as a slug, or default}.',
      entry: goTo((facts) => onboardingPathFor(facts.firstRoleName)),
    },
    onboardingDone: {
      tags: ['redirecting'],
      description: 'On an onboarding page with the onboarding completed: to the role’s dashboard.',
      entry: goTo((facts) => dashboardPathFor(facts.firstRoleName)),
    },
    forbidden: {
      description:
        'A page whose sidebar item this user would not see (its module, permission or super admin): "No tienes permiso", in place.',
    },
    allowed: {
      description: 'The page shows.',
    },
  },
});
