import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  PASSWORD_COST,
  passwordCost,
  verifyPassword,
} from '../../server/auth/passwords';

describe('password hashing cost', () => {
  it('is scrypt N=2^15, r=8, p=1 outside the test runner', () => {
    expect(passwordCost({})).toEqual({ N: 32_768, r: 8, p: 1 });
    expect(PASSWORD_COST).toEqual({ N: 32_768, r: 8, p: 1 });
  });

  it('is N=2^10 only inside vitest, which sets VITEST', () => {
    expect(passwordCost({ VITEST: 'true' })).toEqual({ N: 1_024, r: 8, p: 1 });
  });

  it('keeps the cost in each hash, so a full-cost hash still verifies here', async () => {
    const quick = await hashPassword('Clave segura 1');
    expect(quick.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
    expect(await verifyPassword('Clave segura 1', quick)).toBe(true);
    expect(await verifyPassword('Clave segura 2', quick)).toBe(false);
    // 'Demo1234!' at N=2^15 (as production stores it), made once with the production cost.
    const full = await import('node:crypto').then(({ scryptSync }) => {
      const salt = Buffer.from('c2FsdHNhbHRzYWx0c2FsdA==', 'base64');
      const key = scryptSync('Demo1234!', salt, 64, {
        ...PASSWORD_COST,
        maxmem: 256 * 1024 * 1024,
      });
      return ['scrypt', 32_768, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    });
    expect(await verifyPassword('Demo1234!', full)).toBe(true);
  });
});
