// The side not being measured. Sides measured in turn (plan.ts) leave one server idle while the
// other runs its warm-up or repetition; a server that works while idle (a spinning background
// thread, a hostile busy loop) takes CPU from the measured side and skews the ratio. So the idle
// side's server and everything it started are frozen for the other's turn (shell/freezer.ts),
// thawed for its own and before it is restarted or stopped, and its CPU time over each of the
// other side's repetitions is recorded beside that repetition: compare names an idle side that
// worked anyway (compare/idle-side.ts). An untrusted side's server is also kept to its CPUs by a
// cpuset it cannot widen, measured in turn or at once.
import type { IdleSideFigure, IdleSideRecord, SideName } from '../results/results-schema.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { errorMessage } from '../errors.js';
import { FREEZER_ENV, forcedFreezeMethod, ServerGroup } from '../shell/freezer.js';
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
  readonly group: ServerGroup;
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
   * Makes every side's groups (before their servers start: they start in them), says how the idle
   * side is held and where each untrusted server's CPUs are kept, and has the scope remove the
   * groups after the servers are gone.
   */
  static create(plan: IdleSidePlan, scope: CleanupScope, logger: Logger): IdleSides {
    const idle = new IdleSides(plan, scope, logger);
    const force = forcedFreezeMethod(process.env[FREEZER_ENV]);
    const watched = plan.inTurn && plan.sides.length > 1;
    for (const side of plan.sides) {
      const group = ServerGroup.create({
        name: side.name,
        freeze: watched && plan.freeze.on,
        count: watched,
        ...(side.untrusted ? { cpus: side.cpus } : {}),
        ...(force === undefined ? {} : { force }),
      });
      idle.members.set(side.name, { group, root: () => undefined, held: 'running' });
      idle.sayCpuset(side.name, group);
    }
    scope.add("remove the servers' cgroups", async () => {
      const left = (await Promise.all([...idle.members.values()].map(({ group }) => group.remove()))).flat();
      if (left.length > 0) throw new Error(left.join('; '));
    });
    if (watched) idle.sayHolding();
    return idle;
  }

  /** The cgroup.procs files `side`'s server joins as it starts (ServerSetup's `cgroups`). */
  cgroupsOf(side: SideName): readonly string[] {
    return this.members.get(side)?.group.procsFiles ?? [];
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
    await member.group.thaw(member.root());
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
    const before = other.group.cpuSeconds(other.root());
    const startMs = performance.now();
    const held = other.held;
    return () => {
      const after = other.group.cpuSeconds(other.root());
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
    const { freezing, cpuSource, fallback } = first.group;
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
    return this.plan.inTurn && this.plan.freeze.on && this.members.size > 1;
  }

  private async freeze(name: SideName, member: Member): Promise<void> {
    if (this.unfreezable.has(name)) return;
    this.thawOnExit ??= this.scope.add('thaw the idle side', () => this.thawAll());
    const method = member.group.freezing;
    let frozen = false;
    let why = `it did not settle in time`;
    try {
      frozen = await member.group.freeze(member.root());
    } catch (error) {
      why = errorMessage(error);
      await member.group.thaw(member.root()).catch(() => undefined);
    }
    if (frozen) {
      member.held = method === 'signals' ? 'signals' : 'freezer';
      return;
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
    const { freezing, cpuSource, fallback } = first.group;
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

  private sayCpuset(side: SideName, group: ServerGroup): void {
    const { cpuset } = group;
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
