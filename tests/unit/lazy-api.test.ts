import { describe, expect, it, vi } from 'vitest';
import { lazyApi } from '../../src/lib/lazy-api';

const realApi = {
  greet: (name: string) => Promise.resolve(`Hola, ${name}`),
  fail: () => Promise.reject(new Error('rechazado')),
};

describe('lazyApi', () => {
  it('imports the module on the first call only, then calls its methods with the arguments', async () => {
    const load = vi.fn(() => Promise.resolve(realApi));
    const { api } = lazyApi(load);
    expect(load).not.toHaveBeenCalled();

    await expect(api.greet('Ana')).resolves.toBe('Hola, Ana');
    await expect(api.greet('Beto')).resolves.toBe('Hola, Beto');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('passes the call’s own refusal through', async () => {
    const { api } = lazyApi(() => Promise.resolve(realApi));
    await expect(api.fail()).rejects.toThrow('rechazado');
  });

  it('tries the import again after it failed (the network came back)', async () => {
    const load = vi
      .fn<() => Promise<typeof realApi>>()
      .mockRejectedValueOnce(new Error('sin red'))
      .mockResolvedValue(realApi);
    const { api } = lazyApi(load);

    await expect(api.greet('Ana')).rejects.toThrow('sin red');
    await expect(api.greet('Ana')).resolves.toBe('Hola, Ana');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads without a call, once', async () => {
    const load = vi.fn(() => Promise.resolve(realApi));
    const { api, preload } = lazyApi(load);
    preload();
    preload();
    await api.greet('Ana');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is not a thenable, so awaiting the object itself does not call the module', async () => {
    const load = vi.fn(() => Promise.resolve(realApi));
    const { api } = lazyApi(load);
    expect(await Promise.resolve(api)).toBe(api);
    expect(load).not.toHaveBeenCalled();
  });

  it('refuses a call the module does not have', async () => {
    const { api } = lazyApi(() => Promise.resolve(realApi));
    const unknown = (api as unknown as Record<string, () => Promise<unknown>>).nothing;
    await expect(unknown?.()).rejects.toThrow('The API has no call named nothing');
  });
});
