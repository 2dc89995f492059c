import { describe, expect, it } from 'vitest';
import { createSigner } from '../../../server/signed-token';
import { decryptSecret, encryptSecret } from './two-factor-secret';

describe('authenticator secrets at rest', () => {
  const signer = createSigner('a-session-secret-for-this-test');

  it('seals a secret so that it reads back, differently each time', () => {
    const first = encryptSecret(signer, 'JBSWY3DPEHPK3PXP');
    const second = encryptSecret(signer, 'JBSWY3DPEHPK3PXP');
    expect(first).not.toContain('JBSWY3DPEHPK3PXP');
    expect(first).not.toBe(second);
    expect(decryptSecret(signer, first)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('yields nothing under another SESSION_SECRET or after any change', () => {
    const sealed = encryptSecret(signer, 'JBSWY3DPEHPK3PXP');
    expect(decryptSecret(createSigner('another-secret'), sealed)).toBeUndefined();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    expect(decryptSecret(signer, [version, iv, tag, flipped].join('.'))).toBeUndefined();
    expect(decryptSecret(signer, 'not-sealed')).toBeUndefined();
  });
});
