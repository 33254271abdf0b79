/**
 * Start in the lobby: every player signs the genesis it built from the roster it holds
 * (`genesis.ts`) and sends it to every other seat; the table opens only when all agree.
 * The roster is frozen from Start on. A statement that comes before this page saw Start
 * is kept until it does, a bounded few; one whose link to a guest is still opening at
 * Start goes when it opens.
 *
 * A computer player the host adds is a peer of its own, but its keys live in the host's
 * page. The host says so: each roster entry carries `runByHost`, true for a seat the
 * host's page runs, and the genesis records it (`Genesis.runBy`), so every player's page
 * says whose page runs that seat and a transcript shows it. It is the host's word: an
 * honest host tells the truth, a dishonest one could leave it out (docs/threat-model.md).
 */
import { loadedTerms, totalDeckSize } from '../engine/games/playable.ts';
import type { Identity } from '../engine/identity.ts';
import { PROTOCOL_VERSION, type Genesis } from '../engine/table/types.ts';
import { GenesisAgreement, verifyStatement, type GenesisStatement } from './genesis.ts';
import type { Seat, TableInfo, WireMessage } from './messages.ts';

/** What the table session needs once every seat agreed on the genesis. */
export interface TableStart {
  genesis: Genesis;
  seat: number;
  /** Each seat's peer id in the lobby: where to dial it first; each link still proves its seat. */
  peers: string[];
}

/** Genesis statements kept before this page sees Start; more are not kept. */
const MAX_EARLY = 1000;

/** What the start reads of its lobby, and what it asks of it. */
export interface StartingLobby {
  readonly tableId: string;
  /** This player's key for the table: it signs the genesis, then every event. */
  readonly identity: Identity;
  /** This peer's id. */
  id(): string;
  send(peer: string, message: WireMessage): void;
  /** Drops a message from `peer`, saying why. */
  drop(peer: string, reason: string): void;
}

/** The genesis of a lobby's table, and every seat's word on it: see the top of this file. */
export class LobbyStart {
  private agreed: GenesisAgreement | null = null;
  /** Genesis statements that arrive before this peer has seen Start. */
  private early: { from: string; statement: GenesisStatement }[] = [];

  constructor(private readonly lobby: StartingLobby) {}

  /** Set at Start: this player's genesis, and who has signed it. Null before. */
  get agreement(): GenesisAgreement | null {
    return this.agreed;
  }

  /**
   * Start seen: this player signs the genesis built from `table` and `players` and sends
   * it to every other seat, then takes the statements that came before.
   */
  begin(table: TableInfo, players: readonly Seat[]): void {
    const { lobby } = this;
    const seat = players.findIndex((p) => p.peer === lobby.id());
    const genesis: Genesis = {
      table: table.id,
      game: table.game,
      names: players.map((p) => p.name),
      identities: players.map((p) => p.identity),
      deckSize: totalDeckSize(loadedTerms(table.game)!, table.options),
      options: table.options,
      clock: table.clock,
      protocol: PROTOCOL_VERSION,
      // Seat 1 is the host's: a seat the host's page runs is run by seat 0's page.
      ...(players.some((p) => p.runByHost)
        ? { runBy: players.map((p, seat) => (p.runByHost ? 0 : seat)) }
        : {}),
    };
    const peers = players.map((p) => p.peer);
    this.agreed = new GenesisAgreement(genesis, seat, peers, lobby.identity);
    for (const peer of peers) if (peer !== lobby.id()) this.sendTo(peer);
    for (const { from, statement } of this.early) this.take(from, statement);
    this.early = [];
  }

  /** The agreed table of `players`, once every seat has signed this player's genesis; null before. */
  table(players: readonly Seat[]): TableStart | null {
    if (this.agreed?.status !== 'agreed') return null;
    const { genesis, seat } = this.agreed;
    return { genesis, seat, peers: players.map((p) => p.peer) };
  }

  /** Sends `peer` this player's signed genesis, once Start is seen. */
  sendTo(peer: string): void {
    if (this.agreed) this.lobby.send(peer, this.agreed.statement);
  }

  /** A genesis statement from `from`: checked, then taken, or kept until Start. */
  heard(from: string, statement: GenesisStatement): void {
    if (!verifyStatement(this.lobby.tableId, statement))
      this.lobby.drop(from, 'bad genesis signature');
    else if (this.agreed) this.take(from, statement);
    else if (this.early.length < MAX_EARLY) this.early.push({ from, statement });
  }

  private take(from: string, statement: GenesisStatement): void {
    const refused = this.agreed!.take(from, statement);
    if (refused) this.lobby.drop(from, refused);
  }
}
