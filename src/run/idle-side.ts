// The side not being measured. Sides measured in turn (plan.ts) leave one server idle while the
// other runs its warm-up or repetition; a server that works while idle (a spinning background
// thread, a hostile busy loop) takes CPU from the measured side and skews the ratio. So the idle
// side's server and everything it started are frozen for the other's turn (shell/freezer.ts),
// thawed for its own and before it is restarted or stopped, and its CPU time over each of the
// other side's repetitions is recorded beside that repetition: compare names an idle side that
// worked anyway (compare/idle-side.ts). An untrusted side's server is also kept to its CPUs by a
// cpuset it cannot widen, measured in turn or at once. All of it is done in the control group
// each side's server runs in (side-group.ts makes it and hands it here).
import type { IdleSideFigure, IdleSideRecord, SideName } from '../results/results-schema.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { errorMessage } from '../errors.js';
import type { ControlGroup } from '../shell/cgroup.js';
import { FREEZER_ENV, forcedFreezeMethod, ServerHold } from '../shell/freezer.js';
import type { Logger } from '../shell/logger.js';
import { formatCpuList } from '../cpu-list.js';
import { allowedCpus } from '../shell/cpu-affinity.js';
import { type Preflight, sidePlacement } from './preflight.js';
import type { RunConfig } from './run-config.js';

/** What the run asks of each side's server. */
export interface IdleSidePlan {
  readonly sides: readonly {
    readonly name: SideName;
    /** Built from untrusted code: kept to `cpus` by a cpuset. */
    readonly untrusted: boolean;
    /** The CPUs its server runs on (a list). */
    readonly cpus: string;
  }[];
  /** Sides measured in turn: the idle one's CPU time is read over the other's repetitions. */
  readonly inTurn: boolean;
  /** …and it is frozen meanwhile (--freeze-idle-side on); how the user named the option. */
  readonly freeze: { readonly on: boolean; readonly label: string };
}

/** What the run asks of its sides' servers, from its configuration and its checks. */
export function idleSidePlan(config: RunConfig, preflight: Preflight): IdleSidePlan {
  const local = preflight.sides.filter((side) => side.config.remote === undefined);
  return {
    sides: local.map((side) => {
      const placement = sidePlacement(preflight, side.config.name);
      return {
        name: side.config.name,
        untrusted: side.config.untrusted === true,
        cpus: placement.pinned ? placement.server : formatCpuList(allowedCpus()),
      };
    }),
    inTurn: !preflight.parallel.parallel,
    freeze: { on: config.freezeIdleSide ?? true, label: config.names['freeze-idle-side'] },
  };
}

type Held = IdleSideFigure['held'];

interface Member {
  readonly hold: ServerHold;
  /** The process spawned for its server, while one runs (ManagedServer.launchedPid). */
  root: () => number | undefined;
  /** How it is held now: frozen, stopped by signals, or running. */
  held: Held;
}

/** The idle side of a run: its servers' groups, frozen and thawed in turn, and its CPU time. */
export class IdleSides {
  private readonly members = new Map<SideName, Member>();
  private turns = 0;
  private seconds = 0;
  private thawOnExit: (() => Promise<void>) | undefined;
  /** A side whose freeze failed once is left running: said once, not at every turn. */
  private readonly unfreezable = new Set<SideName>();

  private constructor(
    private readonly plan: IdleSidePlan,
    private readonly scope: CleanupScope,
    private readonly logger: Logger,
  ) {}

  /**
   * The run's idle sides, before their servers start (their groups are handed over as each side's
   * is made: `adopt`). A forced freezer of the wrong name is an error here, before anything starts.
   */
  static create(plan: IdleSidePlan, scope: CleanupScope, logger: Logger): IdleSides {
    forcedFreezeMethod(process.env[FREEZER_ENV]);
    return new IdleSides(plan, scope, logger);
  }

  /** Whether `side`'s server needs a control group of its own for this run. */
  wantsGroup(side: SideName): boolean {
    const planned = this.plan.sides.find((candidate) => candidate.name === side);
    return planned !== undefined && (this.watched || planned.untrusted);
  }

  /**
   * `side`'s server runs in `group` (undefined where none could be made, `noGroup` saying why):
   * its hold is set up, its cpuset said, and once every side has one, how the idle side is held.
   */
  adopt(side: SideName, group: ControlGroup | undefined, noGroup?: string): void {
    const planned = this.plan.sides.find((candidate) => candidate.name === side);
    if (planned === undefined) return;
    const request = {
      freeze: this.watched && this.plan.freeze.on,
      count: this.watched,
      ...(planned.untrusted ? { cpus: planned.cpus } : {}),
    };
    const hold = ServerHold.create(request, group, noGroup);
    this.members.set(side, { hold, root: () => undefined, held: 'running' });
    this.sayCpuset(side, hold);
    if (this.watched && this.members.size === this.plan.sides.length) this.sayHolding();
  }

  /** Two local sides measured in turn: the idle one is watched (and frozen unless asked not to be). */
  private get watched(): boolean {
    return this.plan.inTurn && this.plan.sides.length > 1;
  }

  /** Where `side`'s server's processes are found: the process spawned for it, while one runs. */
  attach(side: SideName, root: () => number | undefined): void {
    const member = this.members.get(side);
    if (member) member.root = root;
  }

  /** Before a warm-up or repetition of `side`: it runs, every other side is frozen. */
  async turn(side: SideName): Promise<void> {
    if (!this.freezing) return;
    const startMs = performance.now();
    await this.thaw(side);
    for (const [name, member] of this.members) {
      if (name !== side && member.held === 'running') await this.freeze(name, member);
    }
    this.turns += 1;
    this.seconds += (performance.now() - startMs) / 1000;
  }

  /** `side`'s server runs again (before its turn, a restart or a stop). */
  async thaw(side: SideName): Promise<void> {
    const member = this.members.get(side);
    if (member === undefined || member.held === 'running') return;
    await member.hold.thaw(member.root());
    member.held = 'running';
  }

  /** Every side runs again: after the schedule, and on the way out of a failed or interrupted run. */
  async thawAll(): Promise<void> {
    for (const side of this.members.keys()) await this.thaw(side);
  }

  /**
   * Opens the window of a repetition of `side`: the call it returns reads what the other side's
   * server used over it. Undefined where the run does not watch an idle side.
   */
  window(side: SideName): () => IdleSideFigure | undefined {
    const others = [...this.members].filter(([name]) => name !== side).map(([, member]) => member);
    const [other] = others;
    if (!this.plan.inTurn || other === undefined || others.length > 1) return () => undefined;
    const before = other.hold.cpuSeconds(other.root());
    const startMs = performance.now();
    const held = other.held;
    return () => {
      const after = other.hold.cpuSeconds(other.root());
      const seconds = (performance.now() - startMs) / 1000;
      if (before === undefined || after === undefined || seconds <= 0) return undefined;
      // A cgroup's usage never goes back; a process tree's can, when a process it left ends unreaped.
      const cpuSeconds = Math.max(0, after - before);
      return { cpuSeconds: round(cpuSeconds), seconds: round(seconds), held: worse(held, other.held) };
    };
  }

  /** What the results record of the idle side; undefined where none was watched. */
  record(): IdleSideRecord | undefined {
    const [first] = this.members.values();
    if (!this.plan.inTurn || this.members.size < 2 || first === undefined) return undefined;
    const { freezing, cpuSource, fallback } = first.hold;
    return {
      freezer: this.plan.freeze.on ? (freezing ?? 'signals') : 'off',
      cpuFrom: cpuSource,
      turns: this.turns,
      seconds: round(this.seconds),
      ...(fallback === undefined ? {} : { fallback: fallback.slice(0, 500) }),
    };
  }

  /** The cost of freezing, in one line, once the schedule is done. */
  costLine(repetitions: number): string | undefined {
    if (!this.freezing || this.turns === 0) return undefined;
    const each = repetitions > 0 ? `, ${(this.seconds / repetitions).toFixed(3)} s per repetition` : '';
    return `idle side: frozen and thawed ${this.turns} times, ${this.seconds.toFixed(2)} s in all${each}`;
  }

  private get freezing(): boolean {
    return this.watched && this.plan.freeze.on && this.members.size > 1;
  }

  private async freeze(name: SideName, member: Member): Promise<void> {
    if (this.unfreezable.has(name)) return;
    this.thawOnExit ??= this.scope.add('thaw the idle side', () => this.thawAll());
    const method = member.hold.freezing;
    let why: string;
    try {
      await member.hold.freeze(member.root());
      member.held = method === 'signals' ? 'signals' : 'freezer';
      return;
    } catch (error) {
      why = errorMessage(error);
    }
    this.unfreezable.add(name);
    this.logger.warning(
      `idle side: the ${name}'s server cannot be frozen (${method ?? 'no freezer'}: ${why}), and no other way is left: ` +
        'it keeps running while the other side is measured; its CPU time is still read',
    );
  }

  private sayHolding(): void {
    const [first] = this.members.values();
    if (first === undefined) return;
    const { freezing, cpuSource, fallback } = first.hold;
    const counted = cpuSource === 'cgroup' ? 'from its cgroup' : "from its process tree's /proc";
    if (!this.plan.freeze.on) {
      this.logger.info(
        `idle side: not frozen (${this.plan.freeze.label} off); its CPU time is read ${counted}`,
      );
      return;
    }
    if (freezing === 'signals') {
      this.logger.info(
        `idle side: no cgroup freezer (${fallback ?? 'none'}): stopped with SIGSTOP instead, which a process that ` +
          `left the server's process tree escapes; its CPU time is read ${counted}`,
      );
      return;
    }
    this.logger.info(
      `idle side: frozen while the other is measured (${freezing === 'cgroup-v2' ? 'cgroup v2' : 'cgroup v1'} freezer); its CPU time is read ${counted}`,
    );
  }

  private sayCpuset(side: SideName, hold: ServerHold): void {
    const { cpuset } = hold;
    if (cpuset === undefined) return;
    if ('cpus' in cpuset) {
      this.logger.info(
        `${side}: its server is kept to CPU ${cpuset.cpus} by a cgroup v${cpuset.version} cpuset`,
      );
      return;
    }
    this.logger.warning(
      `${side}: no cpuset can be made here (${cpuset.reason}): its untrusted server can widen its own CPU mask`,
    );
  }
}

/** The worse of how a side was held at a window's start and end: running, then signals. */
function worse(a: Held, b: Held): Held {
  if (a === 'running' || b === 'running') return 'running';
  return a === 'signals' || b === 'signals' ? 'signals' : 'freezer';
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
