import { familyScreens } from './family-route-modules';
import { platformScreens } from './platform-route-modules';
import { createRouteRegistry, type RouteLoader } from './route-registry';

/*
 * The lazy screen modules of every route, by full route pattern: the router builds its
 * `lazy` from these loaders and the sidebar preloads through them, so hovering an item
 * starts exactly the import the router will await (SPEC.md §2, ARCHITECTURE.md "Routes").
 */

/** A fixed page of the public site (terms, privacy, about), one module for the three. */
const sitePage =
  (name: 'TermsScreen' | 'PrivacyScreen' | 'AboutScreen'): RouteLoader =>
  () =>
    import('../screens/public/site-page-screen').then((module) => ({ Component: module[name] }));

const onboardingStep: RouteLoader = () =>
  import('../screens/onboarding/onboarding-screen').then((module) => ({
    Component: module.OnboardingScreen,
  }));

const clubForm: RouteLoader = () =>
  import('../screens/clubs/club-form-screen').then((module) => ({
    Component: module.ClubFormScreen,
  }));

/**
 * The sign-in pages (no guard). The auth actor makes their calls, so they draw without the
 * server-data cache, which the router wraps around every other page (issue 9, item 6).
 */
const signInScreens = {
  '/login': () =>
    import('../screens/auth/login-screen').then((module) => ({ Component: module.LoginScreen })),
  '/register': () =>
    import('../screens/auth/register-screen').then((module) => ({
      Component: module.RegisterScreen,
    })),
  '/forgot-password': () =>
    import('../screens/auth/forgot-password-screen').then((module) => ({
      Component: module.ForgotPasswordScreen,
    })),
  '/reset-password': () =>
    import('../screens/auth/reset-password-screen').then((module) => ({
      Component: module.ResetPasswordScreen,
    })),
} satisfies Record<string, RouteLoader>;

/** The other public pages (no guard). */
const publicScreens = {
  '/': () =>
    import('../screens/public/landing-screen').then((module) => ({
      Component: module.LandingScreen,
    })),
  '/blog': () =>
    import('../screens/public/blog-screen').then((module) => ({ Component: module.BlogScreen })),
  '/blog/:slug': () =>
    import('../screens/public/blog-post-screen').then((module) => ({
      Component: module.BlogPostScreen,
    })),
  '/terminos': sitePage('TermsScreen'),
  '/privacidad': sitePage('PrivacyScreen'),
  '/centro-ayuda': () =>
    import('../screens/public/help-center-screen').then((module) => ({
      Component: module.HelpCenterScreen,
    })),
  '/confirmar-correo': () =>
    import('../screens/account/confirm-email-screen').then((module) => ({
      Component: module.ConfirmEmailScreen,
    })),
  '/invitation/:token': () =>
    import('../screens/invitations/invitation-screen').then((module) => ({
      Component: module.InvitationScreen,
    })),
  '/link-request/:token': () =>
    import('../screens/link-requests/link-request-screen').then((module) => ({
      Component: module.LinkRequestScreen,
    })),
  '/contact': () =>
    import('../screens/public/contact-screen').then((module) => ({
      Component: module.ContactScreen,
    })),
  '/pricing': () =>
    import('../screens/public/pricing-screen').then((module) => ({
      Component: module.PricingScreen,
    })),
  '/about': sitePage('AboutScreen'),
} satisfies Record<string, RouteLoader>;

/** The children of /home, inside the guard and the shell. */
const homeScreens = {
  '/home/dashboard': () =>
    import('../screens/dashboards/dashboard-screen').then((module) => ({
      Component: module.DashboardScreen,
    })),
  '/home/subscription': () =>
    import('../screens/subscription/subscription-screen').then((module) => ({
      Component: module.SubscriptionScreen,
    })),
  '/home/club-team': () =>
    import('../screens/clubs/club-team-screen').then((module) => ({
      Component: module.ClubTeamScreen,
    })),
  '/home/create-club-team': clubForm,
  '/home/create-club-team/:clubIdToEdit': clubForm,
  '/home/categories': () =>
    import('../screens/categories/categories-screen').then((module) => ({
      Component: module.CategoriesScreen,
    })),
  '/home/trainers': () =>
    import('../screens/trainers/trainers-screen').then((module) => ({
      Component: module.TrainersScreen,
    })),
  // The calendar with its type fixed to trainings (docs/calendar.md "Screens").
  '/home/trainings': () =>
    import('../screens/calendar/calendar-screen').then((module) => ({
      Component: module.TrainingsScreen,
    })),
  '/home/players': () =>
    import('../screens/players/players-screen').then((module) => ({
      Component: module.PlayersScreen,
    })),
  '/home/calendar': () =>
    import('../screens/calendar/calendar-screen').then((module) => ({
      Component: module.CalendarScreen,
    })),
  '/home/attendance/:sessionId': () =>
    import('../screens/attendance/attendance-screen').then((module) => ({
      Component: module.AttendanceScreen,
    })),
  '/home/player-create/:playerId?': () =>
    import('../screens/players/player-form-screen').then((module) => ({
      Component: module.PlayerFormScreen,
    })),
  '/home/payments': () =>
    import('../screens/payments/payments-screen').then((module) => ({
      Component: module.PaymentsScreen,
    })),
  '/home/chargers': () =>
    import('../screens/charges/charges-screen').then((module) => ({
      Component: module.ChargesScreen,
    })),
  '/home/discounts': () =>
    import('../screens/discounts/discounts-screen').then((module) => ({
      Component: module.DiscountsScreen,
    })),
  '/home/account': () =>
    import('../screens/account/account-screen').then((module) => ({
      Component: module.AccountScreen,
    })),
  '/home/settings': () =>
    import('../screens/settings/settings-screen').then((module) => ({
      Component: module.SettingsScreen,
    })),
  '/home/admin/payment_methods': () =>
    import('../screens/payment-methods/payment-methods-screen').then((module) => ({
      Component: module.PaymentMethodsScreen,
    })),
  '/home/admin/roles': () =>
    import('../screens/roles/roles-screen').then((module) => ({
      Component: module.RolesScreen,
    })),
  '/home/admin/users-roles': () =>
    import('../screens/members/members-screen').then((module) => ({
      Component: module.MembersScreen,
    })),
  '/home/admin/system': () =>
    import('../screens/admin-system/admin-system-screen').then((module) => ({
      Component: module.AdminSystemScreen,
    })),
  ...platformScreens,
  ...familyScreens,
} satisfies Record<string, RouteLoader>;

/** The children of /admin (the super admin's own area), inside the guard and the shell. */
const adminScreens = {
  '/admin/dashboard': () =>
    import('../screens/dashboards/super-admin-dashboard').then((module) => ({
      Component: module.SuperAdminDashboardScreen,
    })),
} satisfies Record<string, RouteLoader>;

/**
 * QA's pages under /dev (issue #13 item 7), inside the guard and the shell: every
 * signed-in user's in development builds, the super admin's in production.
 */
const devScreens = {
  '/dev/statecharts': () =>
    import('../screens/dev/statecharts-screen').then((module) => ({
      Component: module.StatechartsScreen,
    })),
} satisfies Record<string, RouteLoader>;

/** The wizard under /onboarding, inside the guard and the onboarding layout. */
const onboardingScreens = {
  '/onboarding': onboardingStep,
  '/onboarding/*': onboardingStep,
} satisfies Record<string, RouteLoader>;

export const screenLoaders = {
  ...signInScreens,
  ...publicScreens,
  ...homeScreens,
  ...adminScreens,
  ...devScreens,
  ...onboardingScreens,
};

/** A route pattern with a screen module (`/home/players`, `/blog/:slug`, …). */
export type ScreenPath = keyof typeof screenLoaders;
export type HomeScreenPath = keyof typeof homeScreens;
export type AdminScreenPath = keyof typeof adminScreens;
export type DevScreenPath = keyof typeof devScreens;
export type SignInScreenPath = keyof typeof signInScreens;
export type PublicScreenPath = keyof typeof publicScreens;

export const homeScreenPaths = Object.keys(homeScreens) as HomeScreenPath[];
export const adminScreenPaths = Object.keys(adminScreens) as AdminScreenPath[];
export const devScreenPaths = Object.keys(devScreens) as DevScreenPath[];
export const signInScreenPaths = Object.keys(signInScreens) as SignInScreenPath[];
export const publicScreenPaths = Object.keys(publicScreens) as PublicScreenPath[];

const screens = createRouteRegistry(screenLoaders);

/** The route pattern of a concrete pathname (`/home/players/12` → null), for its title. */
export const screenPatternOf = (pathname: string) => screens.patternOf(pathname);

/** The `lazy` of the route with this pattern. */
export const lazyScreen = (path: ScreenPath) => screens.lazy(path);

/**
 * Starts loading the screen of `pathname` (a concrete path such as `/home/players`), so
 * the page is ready when the user clicks. Unknown paths do nothing; safe to repeat.
 */
export function preloadRoute(pathname: string): void {
  screens.preload(pathname);
}

/** The layouts (the data cache, the guarded areas') and the page for unknown paths, also lazy. */
export const layoutLoaders = {
  dataCache: () =>
    import('./data-cache-layout').then((module) => ({ Component: module.DataCacheLayout })),
  appShell: () =>
    import('../components/shell/app-shell').then((module) => ({ Component: module.AppShell })),
  onboardingLayout: () =>
    import('../screens/onboarding/onboarding-layout').then((module) => ({
      Component: module.OnboardingLayout,
    })),
  notFound: () =>
    import('../screens/not-found-screen').then((module) => ({ Component: module.NotFoundScreen })),
} satisfies Record<string, RouteLoader>;
