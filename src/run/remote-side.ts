// A side whose server runs on another machine (run --host): reached over TCP as the user the
// environment names, its password handed to sysbench in a private file; its sysbench tables made
// in an empty `sbtest` database and dropped again however the run ends. No process of it is here,
// so no CPU time, IO or context switches: the work it did (SHOW GLOBAL STATUS) is still counted.
import { InputError } from '../errors.js';
import { withConnection } from '../server/connection.js';
import { RemoteServer, remoteConnection } from '../server/remote.js';
import { suiteCells } from '../suite/suite-schema.js';
import { variantLabel } from '../suite/variants.js';
import { runDataCommands } from '../sysbench/runner.js';
import { suiteDataSets } from '../workload/kinds.js';
import type { CostProbe } from './cost-probe.js';
import type { MeasuredSide } from './measure-step.js';
import type { CheckedSide } from './preflight.js';
import { type SideSetup, type StartedSide } from './sides.js';
import { prepareData } from './workload-data.js';

/** Nothing to read on another machine: a window's cost is empty. */
const REMOTE_PROBE: CostProbe = {
  begin: () => Promise.resolve(),
  end: () => Promise.resolve({ cost: {} }),
  abort: () => Promise.resolve(),
};

export async function startRemoteSide(side: CheckedSide, setup: SideSetup): Promise<StartedSide> {
  const { config, logger, scope, rawDir, runDir } = setup;
  const { remote } = side.config;
  if (remote === undefined) throw new Error('startRemoteSide needs a remote side');
  const { name } = side.config;
  const where = `${remote.host}:${remote.port}`;
  logger.info(
    `${name}: the server at ${where} (${side.install.flavor} ${side.install.version}), on another machine`,
  );
  const connection = remoteConnection(remote, runDir);
  const server = new RemoteServer(connection, side.install);
  const started = performance.now();
  await server.start();
  await refuseTablesThere(server, where);
  // Registered before the prepare: a prepare cut short leaves tables too.
  scope.add(`drop sysbench's tables on ${where}`, async () => {
    for (const dataSet of suiteDataSets(config.suite)) {
      await runDataCommands(connection, config.suite, dataSet, 'cleanup').catch((error: unknown) => {
        logger.warning(`could not drop sysbench's tables on ${where}: ${String(error)}`);
      });
    }
    await server.dropDatabase().catch((error: unknown) => {
      logger.warning(`could not drop the database sbtest on ${where}: ${String(error)}`);
    });
  });
  const facts = await server.facts();
  const start = (performance.now() - started) / 1000;
  logger.info(`${name}: ${facts.versionFunction} answers at ${where} as ${remote.user}`);
  const measured: MeasuredSide = { name, install: side.install, server, probe: REMOTE_PROBE };
  const prepare = await prepareData(measured, config.suite, scope, rawDir);
  return {
    ...measured,
    facts,
    options: {},
    variants: new Map(),
    startedUnder: variantLabel(suiteCells(config.suite)[0]?.variant),
    seconds: { start, prepare },
    resets: new Map(),
  };
}

/** The run drops the tables it makes: it must find none of someone else's where it makes them. */
async function refuseTablesThere(server: RemoteServer, where: string): Promise<void> {
  const tables = await withConnection(server.connection, 'tcp', async (connection) => {
    const [rows] = await connection.query(
      'SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ?',
      [server.connection.database],
    );
    return Number((rows as { n?: unknown }[])[0]?.n ?? 0);
  });
  if (tables > 0) {
    throw new InputError(
      `the database ${server.connection.database} on ${where} holds ${tables} table(s): the run makes sysbench's tables ` +
        'there and drops them at the end, so it needs the database empty or absent',
    );
  }
}
