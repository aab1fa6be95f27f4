/** One row of a "slowest" table: a file or a test, and the time it took. */
export interface TimedEntry {
  name: string;
  ms: number;
  /** How many tests the file holds (files only). */
  tests?: number;
}

/** The parts of a Vitest JSON report these functions read. */
export interface VitestReport {
  testResults?: {
    name: string;
    startTime?: number;
    endTime?: number;
    assertionResults?: { duration?: number | null }[];
  }[];
}

/** The parts of a Playwright JSON report these functions read. */
export interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; file?: string; tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}
export interface PlaywrightReport {
  suites?: PlaywrightSuite[];
}

export function formatDuration(ms: number): string;
export function slowestVitestFiles(report: VitestReport, count?: number): TimedEntry[];
export function slowestPlaywrightFiles(report: PlaywrightReport, count?: number): TimedEntry[];
export function slowestPlaywrightTests(report: PlaywrightReport, count?: number): TimedEntry[];
export function formatSlowest(title: string, rows: TimedEntry[]): string;
