import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { accessRowOf } from '../../contract/access-table';
import { provideAccessTable } from '../../src/lib/api-access';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Screens and the shell are lazy route modules: the first visit of one imports it, which
// takes more than the default second when the test files run in parallel on two cores.
configure({ asyncUtilTimeout: 5000 });

// The app loads the role × operation table with the session (src/app/providers.tsx); the
// tests' fake auth actors restore a user without it, so it is loaded here once.
beforeAll(() => provideAccessTable(accessRowOf));
