/**
 * The keyring hands a seat's secrets over for saving (to `src/net/store.ts`)
 * each once, and takes them back after a reload: a secret lost in a crash
 * leaves a later duty impossible.
 */
import { describe, expect, test } from 'vitest';
import { encodeScalar, mulBase, randomScalar, toHex } from '../../crypto/index.ts';
import { Keyring, type KeyringSecrets } from '../../src/engine/table/keyring.ts';

describe('a keyring hands over its secrets for saving', () => {
  const secret = () => {
    const s = randomScalar();
    return { pub: mulBase(s), s };
  };

  test('each new secret once, and back whole in another keyring', () => {
    const keyring = new Keyring();
    const [a, b, c] = [secret(), secret(), secret()];
    const keys = [a, b].map(({ pub, s }) => keyring.remember(pub, s));
    const first = keyring.takeUnsaved()!;
    expect(first.scalars.map(([key]) => key)).toEqual(keys);
    expect(keyring.takeUnsaved()).toBeNull();
    const third = keyring.remember(c.pub, c.s);
    const second = keyring.takeUnsaved()!;
    expect(second).toEqual({
      scalars: [[third, toHex(encodeScalar(c.s))]],
      coin: null,
      seal: null,
    });

    const restored = new Keyring();
    for (const saved of JSON.parse(JSON.stringify([first, second])) as KeyringSecrets[])
      restored.restore(saved);
    expect([...keys, third].map((key) => restored.scalarFor(key))).toEqual([a.s, b.s, c.s]);
    // What was restored is already saved.
    expect(restored.takeUnsaved()).toBeNull();
  });

  test('the coin once when it changes; a later coin replaces an earlier one on restore', () => {
    const keyring = new Keyring();
    keyring.keepCoin({ stepNo: 3, bit: 0, salt: '00' });
    const first = keyring.takeUnsaved()!;
    expect(first).toEqual({ scalars: [], coin: { stepNo: 3, bit: 0, salt: '00' }, seal: null });
    const { pub, s } = secret();
    keyring.remember(pub, s);
    const second = keyring.takeUnsaved()!;
    expect(second.coin).toBeNull();
    keyring.keepCoin({ stepNo: 9, bit: 1, salt: '11' });
    const third = keyring.takeUnsaved()!;

    const restored = new Keyring();
    restored.restore(first);
    restored.restore(second);
    expect(restored.coin).toEqual({ stepNo: 3, bit: 0, salt: '00' });
    restored.restore(third);
    expect(restored.coin).toEqual({ stepNo: 9, bit: 1, salt: '11' });
  });

  test('all of it at once, saved or not, for a copy in another thread: no more, no less', () => {
    const keyring = new Keyring();
    const [a, b] = [secret(), secret()];
    const keys = [a, b].map(({ pub, s }) => keyring.remember(pub, s));
    keyring.keepCoin({ stepNo: 4, bit: 1, salt: '22' });
    keyring.takeUnsaved();
    const all = keyring.all();
    expect(all).toEqual({
      scalars: [
        [keys[0], toHex(encodeScalar(a.s))],
        [keys[1], toHex(encodeScalar(b.s))],
      ],
      coin: { stepNo: 4, bit: 1, salt: '22' },
      seal: null,
    });
    const copy = new Keyring();
    copy.restore(all);
    expect(keys.map((key) => copy.scalarFor(key))).toEqual([a.s, b.s]);
    expect(copy.coin).toEqual(keyring.coin);
  });

  test('the sealed move once when it changes, back on restore; a store from before seals has none', () => {
    const keyring = new Keyring();
    const seal = { acts: 7, action: { type: 'SWAP', slot: 1 }, salt: '33'.repeat(32) };
    keyring.keepSeal(seal);
    const first = keyring.takeUnsaved()!;
    expect(first.seal).toEqual(seal);
    expect(keyring.takeUnsaved()).toBeNull();
    const restored = new Keyring();
    restored.restore({ scalars: [], coin: null });
    expect(restored.seal).toBeNull();
    restored.restore(first);
    expect(restored.seal).toEqual(seal);
    expect(restored.all().seal).toEqual(seal);
  });

  test('a key it holds no secret for is named as such, not answered with a wrong scalar', () => {
    const keyring = new Keyring();
    const { pub } = secret();
    expect(() => keyring.scalarFor(toHex(pub.toBytes()))).toThrow('no secret for this layer key');
  });

  test('a malformed kept scalar is refused with a clear error, and nothing of its batch is taken', () => {
    const keyring = new Keyring();
    const good: [string, string] = ['good', toHex(encodeScalar(5n))];
    const coin = { stepNo: 1, bit: 1, salt: '01' };
    expect(() => keyring.restore({ scalars: [good, ['bad', 'zz']], coin })).toThrow();
    expect(() => keyring.restore({ scalars: [good, ['bad', 'ff'.repeat(32)]], coin })).toThrow(
      /kept secret/,
    );
    expect([keyring.has('good'), keyring.has('bad'), keyring.coin]).toEqual([false, false, null]);
  });
});
