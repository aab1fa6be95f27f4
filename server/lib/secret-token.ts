import { createHash } from 'node:crypto';

/**
 * The stored form of a token sent by e-mail (password reset, invitation): its sha256 in
 * hex. Only this is kept, so a database leak hands out no working link.
 */
export const hashSecretToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');
