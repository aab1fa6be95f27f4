/** SQLSTATE of a unique-constraint violation. */
export const UNIQUE_VIOLATION = '23505';

interface DriverError {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

/**
 * Finds the PostgreSQL error in `error`'s `.cause` chain. Drizzle ≥ 0.44 wraps driver
 * errors in `DrizzleQueryError`; pg and PGlite both put the SQLSTATE on `.code`.
 */
function findDriverError(error: unknown): DriverError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current && typeof current === 'object'; depth++) {
    const candidate = current as DriverError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** The SQLSTATE (e.g. '23505') of a database error, however deeply it is wrapped. */
export function sqlState(error: unknown): string | undefined {
  return findDriverError(error)?.code as string | undefined;
}

/** True when `error` is a unique violation (of `constraint`, when the driver names it). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const driverError = findDriverError(error);
  if (driverError?.code !== UNIQUE_VIOLATION) return false;
  if (constraint === undefined || typeof driverError.constraint !== 'string') return true;
  return driverError.constraint === constraint;
}
