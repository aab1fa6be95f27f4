import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret, secretBoxKeyOf } from '../../server/lib/secret-box';

/* Issue #37 item 1: a gateway's secrets are kept encrypted, bound to their club and field. */

const key = secretBoxKeyOf('k'.repeat(32));
const context = 'club:1:wompi:events';
const secret = 'prod_events_OcHnIzeBl5socpwByQ4hA52Em3USQ93Z';

describe('secret box', () => {
  it('opens what it sealed, and never stores the text itself', () => {
    const sealed = sealSecret(secret, key, context);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret);
    expect(openSecret(sealed, key, context)).toBe(secret);
    expect(openSecret(sealSecret('contraseña ñandú', key, context), key, context)).toBe(
      'contraseña ñandú',
    );
  });

  it('is standard AES-256-GCM: Node’s decipher opens it from the documented layout', () => {
    const bytes = Buffer.from(sealSecret(secret, key, context).slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    expect(plain.toString()).toBe(secret);
  });

  it('seals the same text differently each time', () => {
    expect(sealSecret(secret, key, context)).not.toBe(sealSecret(secret, key, context));
  });

  it('refuses an altered value, another key, another club or field, and a value that is not one', () => {
    const sealed = sealSecret(secret, key, context);
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => openSecret(`v1.${bytes.toString('base64url')}`, key, context)).toThrow();
    expect(() => openSecret(sealed, secretBoxKeyOf('j'.repeat(32)), context)).toThrow();
    expect(() => openSecret(sealed, key, 'club:2:wompi:events')).toThrow();
    expect(() => openSecret(sealed, key, 'club:1:wompi:integrity')).toThrow();
    expect(() => openSecret(secret, key, context)).toThrow('Not a sealed secret');
    expect(() => openSecret('v1.abc', key, context)).toThrow('Not a sealed secret');
  });

  it('wants key material of 32 characters or more, and keys of 32 bytes', () => {
    expect(() => secretBoxKeyOf('short')).toThrow();
    expect(secretBoxKeyOf('k'.repeat(32))).toHaveLength(32);
    expect(secretBoxKeyOf('k'.repeat(32))).toEqual(key);
    expect(() => sealSecret(secret, new Uint8Array(16), context)).toThrow();
  });
});
