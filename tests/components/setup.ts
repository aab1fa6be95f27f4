import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll } from 'vitest';
import { accessRowOf } from '../../contract/access-table';
import { provideAccessTable } from '../../src/lib/api-access';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Screens and the shell are lazy route modules: the first visit of one imports it, which
// takes more than the default second when the test files run in parallel on two cores.
configure({ asyncUtilTimeout: 5000 });

// `userEvent.setup()` without its pause after each key and click (by default it waits a
// timer turn each time): the screens react to every event as it is dispatched, inside act();
// a test that needs a pause still asks for one (`userEvent.setup({ delay: 10 })`).
type SetupUser = typeof userEvent.setup;
const setupUser: SetupUser = userEvent.setup;
(userEvent as { setup: SetupUser }).setup = (options) => setupUser({ delay: null, ...options });

// The app loads the role × operation table with the session (src/app/providers.tsx); the
// tests' fake auth actors restore a user without it, so it is loaded here once.
beforeAll(() => provideAccessTable(accessRowOf));
