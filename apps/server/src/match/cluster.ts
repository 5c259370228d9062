import type { Outcome, Result, Seat } from '@roundtable/core';
import type {
  ChatLine,
  ClientMessage,
  ConditionalLine,
  JoinRequest,
  OkMessage,
  MutedMessage,
} from '@roundtable/protocol';
import type { LiveMatch, Listener } from '../live-match.ts';
import type { Outgoing } from '../outgoing.ts';
import type { Fence } from '../storage/store.ts';

/**
 * What the match service asks of the processes it shares matches with, in its own terms: own a match (or follow
 * the process that does), forward a move or a call to the owner, publish an update to the other processes. One
 * process serving every match uses `LocalCluster` (local-cluster.ts); several processes on one PostgreSQL and one
 * Redis use `SharedCluster` (cluster/cluster.ts). The service never asks which one it has.
 */
export interface Cluster {
  /** This process's name in leases and messages. */
  readonly node: string;
  /**
   * A match was just loaded or created here: claims it (the owner's fence, and what was lost if it changed hands)
   * or follows the process that owns it.
   */
  adopt(live: LiveMatch): Promise<Adoption>;
  /** Whether this is a copy of a match another process owns: its seats' moves go there, no bot or clock runs here. */
  follows(live: LiveMatch): boolean;
  /**
   * Whether this process may act for the match now (store a move, flag a clock, let a bot play): it owns it, and
   * its lease holds by its own clock, with a margin before anyone else may take the match.
   */
  holds(live: LiveMatch): boolean;
  /** What the owner's writes for the match carry: the database refuses them once it is no longer the owner. */
  fence(live: LiveMatch): Fence;
  /** A write for the match was refused as another owner's (Fenced): this process follows it from now on. */
  lost(live: LiveMatch): Promise<void>;
  /** A move from a seat connected here, for a match another process owns; its answer comes as the owner's update. */
  forwardMove(live: LiveMatch, listener: Listener, text: string, ack: number | undefined): Result<void>;
  /** A call from a connection here, run where the match is owned. */
  forwardCall(live: LiveMatch, call: OwnerCall): Promise<Result<CallAnswer>>;
  /** The owner committed move `ply` (its own listeners have it): the processes following the match hear of it. */
  committed(
    live: LiveMatch,
    move: { ply: number; seat: Seat; move: string; outcome: Outcome | null },
    mover?: Listener,
  ): void;
  /** The owner changed seats, status, the clock or the position outside a move: the followers hear of it. */
  changed(live: LiveMatch): void;
  /** On the owner: `text` for the listeners of the other processes that `to` lets read it. */
  tell(live: LiveMatch, text: Outgoing, to: Audience): void;
  /** The seats connected here changed (an attach or a detach): the owner hears of it, for `connected`. */
  presence(live: LiveMatch): void;
  /** The match left memory here. */
  unloaded(live: LiveMatch): void;
  /** What is wrong with this process's part of the cluster (for /healthz), nothing when all is well. */
  problems(): string[];
  close(): Promise<void>;
}

/** What `adopt` found. */
export type Adoption =
  | {
      readonly role: 'owner';
      /** The match changed hands to come here: the time since its previous owner's last sign of life (ms). */
      readonly takenOver: { readonly lostMs: number } | null;
      /** Its previous owner may have stored more since it was read: read it again before acting. */
      readonly readAgain: boolean;
    }
  | { readonly role: 'follower' };

/** What the cluster may ask of the match service: the owner's side of a forwarded move or call, and memory. */
export interface ClusterHost {
  /** The match if it is in memory here. */
  peek(id: string): LiveMatch | undefined;
  /** The match, loaded here if need be (it is then adopted: owned, or followed). */
  get(id: string): Promise<LiveMatch | null>;
  /** Reads a match in memory again from storage, in place (its listeners keep it), and lets it run if owned. */
  resync(live: LiveMatch): Promise<boolean>;
  /**
   * A move for `seat` played here, the owner: forwarded from another process (`mover` carries its answer back), or
   * forwarded from here to an owner that went away before answering (`ack`: the seat's own request).
   */
  playAs(live: LiveMatch, seat: Seat, text: string, mover: Listener, ack?: number): Result<void>;
  /** The match leaves memory here (a copy nobody here listens to any more). */
  unload(live: LiveMatch): void;
  /** A call forwarded from another process, run here, the owner. */
  perform(live: LiveMatch, call: OwnerCall): Promise<Result<CallAnswer>>;
  /** Whether time lost to a fault is owed to the match's clock and not stored yet. */
  owes(live: LiveMatch): boolean;
  /** The owned matches' clocks get back `ms` (an outage during which some seats could not move). */
  credit(ms: number, why: string): void;
  /**
   * This process now owns a match it followed: read again, its clock and bots run here. `lostMs`: it was taken
   * from an owner that stopped (the time since that owner's last sign of life is given back); null: handed over.
   */
  promoted(live: LiveMatch, lostMs: number | null): Promise<void>;
}

/** A call that runs where the match is owned: a lobby change, or a table message (social/table.ts). */
export type OwnerCall =
  | { readonly k: 'join'; readonly request: JoinRequest }
  | { readonly k: 'leave'; readonly token: string }
  | { readonly k: 'reissue'; readonly seat: Seat }
  | { readonly k: 'table'; readonly seat: Seat | null; readonly msg: TableCall }
  // A per-move deadline set for a vacation (vacation/), kept only while the match is still at `ply`.
  | { readonly k: 'deadline'; readonly ply: number; readonly deadline: number }
  // A seat a bot holds handed back to its person, who attached on another process (absence/).
  | { readonly k: 'give-back'; readonly seat: Seat }
  // An arena seat halves its clock before its first move (events/: berserk).
  | { readonly k: 'berserk'; readonly seat: Seat }
  // A seat's conditional moves, set through another process (conditional/): the owner alone sets them, so that it
  // knows which of its matches have any.
  | { readonly k: 'conditional'; readonly seat: Seat; readonly tree: readonly ConditionalLine[] };

/** What a call answers: a lobby answer, or a table message's reply to its connection. */
export type CallAnswer = unknown;

/** A table message as it travels to the owner: the seat's connection has checked its rate and name already. */
export type TableCall =
  | { readonly t: 'say'; readonly text: string; readonly name: string | null }
  | Extract<ClientMessage, { t: 'resign' | 'offer' | 'answer' }>;

/** What a table message answers its connection (besides an error). */
export type TableAnswer = OkMessage | MutedMessage | null;

/** Who may read a message told to a match's listeners on every process. */
export type Audience =
  | { readonly chat: ChatLine['channel'] }
  | { readonly players: true }
  | { readonly seat: Seat }
  | { readonly everyone: true };
