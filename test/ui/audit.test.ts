/**
 * The audit view in words, from games played with real cryptography: the recorded
 * hand (a game this app does not name faces for: its deck and number), and a whole
 * game of War between two peers (faces as on the cards, every player's state hash
 * as each told it); every player's hash against this page's, the same, different,
 * not comparable or not told; a game ended by a resignation has no audit, and says why, and
 * the player who resigned and left is nothing to wait for.
 */
import { expect, test } from 'vitest';
import { localTable } from '../../src/bots/table.ts';
import { auditOf, hashRows, type AuditWords } from '../../src/ui/words/audit.ts';
import { loadHand, replicaBefore, signNext, indexOf } from '../engine/helpers/cheats.ts';
import { InThreadPool } from '../../src/net/pool.ts';
import type { TableSession } from '../../src/net/table.ts';

const NAMES = ['Ada', 'Bob'];
/** Where the cards are opened: the same job a page's crypto worker does, here in this thread. */
const pool = new InThreadPool();

const words = (found: AuditWords | string): AuditWords => {
  if (typeof found === 'string') throw new Error(found);
  return found;
};

test('the recorded hand: one deal, the order after each shuffle, each card’s story, the unseen', async () => {
  const rec = loadHand();
  const audit = words(await auditOf(replicaBefore(rec, rec.events.length), NAMES, pool));
  expect(audit.summary).toBe(
    'Every player published their secret keys (6 keys in all), so every card of the game opens: 19 events, every proof and rule checked, and every card below read with those keys.',
  );
  const [deal] = audit.deals;
  expect(audit.deals).toHaveLength(1);
  expect(deal!.title).toBe('The deck, shuffled from step 2');
  expect(deal!.shuffles.map((s) => s.title)).toEqual([
    "After Ada's shuffle (step 2)",
    "After Bob's shuffle (step 3)",
  ]);
  for (const s of deal!.shuffles)
    expect([...s.cards].sort()).toEqual(deal!.cards.map((c) => c.face).sort());
  expect(deal!.cards[0]!.face).toBe('card 1');
  const stories = deal!.cards.map((c) => c.story).sort();
  expect(stories).toEqual([
    "dealt to Bob (step 4), re-masked in Bob's hand (step 5), dealt to Ada (step 15)",
    "dealt to Bob (step 4), re-masked in Bob's hand (step 5), shown to Ada (step 13)",
    "dealt to Bob (step 4), re-masked in Bob's hand (step 5), shown to Ada (step 13)",
    'stayed facedown; nobody saw it',
    'stayed facedown; nobody saw it',
    'stayed facedown; nobody saw it',
  ]);
  expect(deal!.unseenWords).toMatch(
    /^Nobody saw 3 cards of this deal: card \d, card \d, card \d\.$/,
  );
});

test('a whole game of War: faces as on the cards, and both replicas told the same hash', async () => {
  const table = localTable({ game: 'war', names: NAMES, seed: 9, table: 'audit-words' });
  await table.finished();
  const [ada, bob] = table.sessions as [TableSession, TableSession];
  await new Promise<void>((resolve) => {
    const check = () => ada.peerHashes[1] !== null && bob.peerHashes[0] !== null && resolve();
    for (const s of [ada, bob]) s.subscribe(check);
    check();
  });
  table.close();
  const audit = words(await auditOf(ada.replica, NAMES, ada.pool));
  const [deal] = audit.deals;
  expect(deal!.shuffles[1]!.cards).toHaveLength(52);
  expect(new Set(deal!.shuffles[1]!.cards).size).toBe(52);
  expect(deal!.shuffles[1]!.cards).toContain('A♠');
  expect(deal!.cards.map((c) => c.face).slice(0, 3)).toEqual(['2♣', '3♣', '4♣']);
  for (const card of deal!.cards)
    expect(card.story).toMatch(/^(turned face up \(step \d+\)|stayed facedown; nobody saw it)$/);

  const short = `${ada.replica.stateHash.slice(0, 16)}…`;
  const seen = hashRows(ada.replica, NAMES, 0, ada.peerHashes);
  expect(seen).toEqual({
    agreed: true,
    verdict: `Every player's replica reached the same state hash, ${short}, after the same ${ada.replica.log.size} events.`,
    rows: [
      { name: 'Ada', hash: short, status: 'self', words: 'this page' },
      { name: 'Bob', hash: short, status: 'same', words: 'the same state' },
    ],
  });
  // What Bob's page would show were Bob to tell another hash, or one from another log.
  const size = ada.replica.log.size;
  const other = 'ab'.repeat(32);
  expect(hashRows(ada.replica, NAMES, 0, [null, { events: size, hash: other }])).toMatchObject({
    agreed: false,
    verdict: `Bob reached a different state from the same ${size} events: the replicas disagree.`,
    rows: [{ status: 'self' }, { status: 'different', hash: `${other.slice(0, 16)}…` }],
  });
  expect(hashRows(ada.replica, NAMES, 0, [null, { events: size - 1, hash: other }])).toMatchObject({
    agreed: false,
    rows: [
      {},
      { status: 'elsewhere', words: `after ${size - 1} events, not ${size}: not comparable yet` },
    ],
  });
  expect(hashRows(ada.replica, NAMES, 0, [null, null])).toMatchObject({
    agreed: false,
    verdict: `This page reached ${short} after ${size} events; waiting for Bob to say theirs.`,
    rows: [{}, { status: 'waiting', hash: null }],
  });
  // A replay has no player's word, only its own hash.
  expect(hashRows(ada.replica, NAMES, null, [])).toEqual({
    agreed: true,
    rows: [],
    verdict: `This replay reached state hash ${short} after ${size} events. A transcript holds no player's own hash: the audit view at the table compares them.`,
  });
});

test('a game ended by a resignation has no audit, and says why', async () => {
  const rec = loadHand();
  const index = indexOf(rec, 1, 'ACT');
  const replica = replicaBefore(rec, index);
  replica.receive(signNext(replica.log, rec.players[1]!, { type: 'RESIGN' }).bytes);
  expect(await auditOf(replica, NAMES, pool)).toBe(
    'This game ended when Bob resigned, before every key was published: the cards still locked stay closed, and there is no audit to open.',
  );
  expect(await auditOf(replicaBefore(rec, index), NAMES, pool)).toBe(
    'The audit is not in yet: it opens once every player has published their keys.',
  );
  // Bob's page closes once his RESIGN is out: behind this page's last events (its
  // confirmation of the ending), or silent, he is nothing to wait for.
  const size = replica.log.size;
  const short = `${replica.stateHash.slice(0, 16)}…`;
  const verdict = `This page reached ${short} after ${size} events. Bob left before the last, so no other replica is there to compare.`;
  const behind = { events: size - 1, hash: replica.stateHash };
  expect(hashRows(replica, NAMES, 0, [null, behind])).toEqual({
    agreed: true,
    verdict,
    rows: [
      { name: 'Ada', hash: short, status: 'self', words: 'this page' },
      {
        name: 'Bob',
        hash: short,
        status: 'left',
        words: `resigned and left after ${size - 1} events, before the last`,
      },
    ],
  });
  expect(hashRows(replica, NAMES, 0, [null, null])).toMatchObject({
    agreed: true,
    verdict,
    rows: [{}, { status: 'left', hash: null, words: 'resigned and left before saying' }],
  });
});
