// MySQL (Oracle's server), as every layer acts on it. Percona Server builds on this description
// (percona.ts). Pure data.
//
// Verified on MySQL 9.7.2 built here from Debian's mysql-9.7 source (CMake options, build tree,
// redo layout); 8.0 and 8.4 follow the MySQL reference manual.
import type { FlavorDescription } from './description.js';

const MiB = 2 ** 20;

export const mysql = {
  id: 'mysql',
  name: 'MySQL',
  recognise: {
    // Anything of the version line's shape that no other flavor marks: official packages say
    // "MySQL Community Server - GPL", source builds "Source distribution".
    version: { token: null, comment: null, release: null },
    // Any tree with a version file that no other flavor marks.
    sourceTree: {
      paths: [],
      versionExtra: null,
      // The boost/ of a mysql-boost-*.tar.gz, or extra/boost in newer git trees (8.0 needs it).
      boostDirs: ['boost', 'extra/boost'],
    },
  },
  serverBinaries: ['mysqld'],
  build: {
    // Verified: MySQL 9.7.2 (gcc-12 and clang-16) configures with these in about 20 s and builds
    // without downloading anything; variables a release does not know only make CMake warn.
    cmake: [
      // 8.0 needs Boost headers. DOWNLOAD_BOOST=OFF (the default, stated so that nobody turns it on)
      // makes CMake stop with a message instead of downloading; 8.4 and later bundle Boost.
      '-DDOWNLOAD_BOOST=OFF',
      { boostVariable: 'WITH_BOOST' },
      '-DWITH_UNIT_TESTS=OFF',
      '-DWITH_ROUTER=OFF',
      // WITH_NDB since 8.0.31, WITH_NDBCLUSTER_STORAGE_ENGINE before: pass both.
      '-DWITH_NDB=OFF',
      '-DWITH_NDBCLUSTER_STORAGE_ENGINE=OFF',
      '-DWITH_SSL=system',
      // Bundled zlib is in the tree (no download) and avoids the minimum system zlib version newer
      // 8.0 releases enforce. The other libraries are in the tree too (extra/): bundled, they need
      // no -dev package and no version check against the distribution's.
      ...['ZLIB', 'ZSTD', 'LZ4', 'PROTOBUF', 'ICU', 'EDITLINE', 'FIDO'].map((lib) => `-DWITH_${lib}=bundled`),
      // curl serves only components no benchmark loads (telemetry, the OCI vault).
      '-DWITH_CURL=none',
      // Authentication plugins that need LDAP, Kerberos or a FIDO device, and their -dev packages.
      '-DWITH_AUTHENTICATION_LDAP=OFF',
      '-DWITH_AUTHENTICATION_KERBEROS=OFF',
      '-DWITH_AUTHENTICATION_FIDO=OFF',
    ],
    // The server, its plugins and components and the libraries they load: 2,977 of the 3,492
    // ninja steps of `all` (9.7.2); builder/install-components.ts reads their install rules.
    installComponents: ['Server', 'SharedLibraries'],
  },
  // The MySQL 5.7-9.x reference manual, "Initializing the Data Directory": root@localhost only,
  // without a password, which the first start's init file sets (server/accounts.ts); the manual's
  // "Resetting the Root Password" sets it by an init file in the same way. Not verified here.
  bootstrap: { program: 'server', args: ['--initialize-insecure'] },
  // BUILD/runtime_output_directory/mysqld finds its messages and plugins where the build put them.
  buildTreeLayout: { lc_messages_dir: 'share', plugin_dir: 'plugin_output_directory' },
  config: {
    group: 'mysqld',
    // MySQL 8 loads the X plugin, which listens on port 33060 and /tmp/mysqlx.sock: two sides
    // would collide. loose_ keeps MySQL 5.7, which has no such plugin, from refusing the option.
    // From the reference manual ("Disabling X Plugin"); not verified here.
    options: { loose_mysqlx: 'OFF' },
  },
  datadir: {
    // A fresh MySQL 9.7 datadir is 187 MB here, 100 MiB of it the redo log.
    systemBytes: 100 * MiB,
    redo: {
      layout:
        '#innodb_redo/#ib_redoN, 32 files sharing the capacity (8.0.30+); ib_logfile0, ib_logfile1… before',
      // 8.0.30+; without it, the capacity is innodb_log_file_size times innodb_log_files_in_group.
      capacityOption: 'innodb_redo_log_capacity',
      fileSizeOption: 'innodb_log_file_size',
      fileCountOption: 'innodb_log_files_in_group',
      defaultFileCount: 2,
      defaultBytes: 100 * MiB,
    },
  },
  queries: {
    historyLength: {
      sql: "SELECT NAME, COUNT FROM information_schema.INNODB_METRICS WHERE NAME = 'trx_rseg_history_len'",
      column: 'COUNT',
    },
  },
  valgrind: { bufferPoolMaxOption: null },
  settings: {
    vocabulary: {
      sql_mode: 'MySQL 8.0 removed NO_AUTO_CREATE_USER',
      collation_server: "MySQL's 0900 collations",
      collation_connection: "MySQL's 0900 collations",
    },
    equivalents: {
      'redo capacity': 'innodb_redo_log_capacity',
      'group commit delay': 'binlog_group_commit_sync_delay',
    },
  },
  operations: {
    // Set as they are, not loose_: an older server refuses to start on them rather than ignore them.
    minimumVersion: {
      version: '8.0.30',
      why: 'innodb_redo_log_capacity from 8.0.30, skip_replica_start from 8.0.26, SHOW REPLICA STATUS from 8.0.22',
    },
    // 8.0+ starts InnoDB (and applies the redo) in the data dictionary's bootstrap thread
    // (sql/bootstrap.cc, handle_bootstrap → srv_start → recv_recovery_from_checkpoint_start), not in main.
    startFunctions: /^(main|handle_bootstrap)(\(|$)/,
    recovery: {
      // innodb_redo_log_capacity (8.0.30+) sizes the whole log; the rest as MariaDB's.
      options: {
        innodb_redo_log_capacity: '1G',
        innodb_max_dirty_pages_pct: '99',
        innodb_max_dirty_pages_pct_lwm: '0',
        innodb_adaptive_flushing: 'OFF',
        innodb_io_capacity: '100',
        // The lines below are information-level: printed only at verbosity 3 (the default is 2).
        log_error_verbosity: '3',
      },
      // "Starting to parse redo log at lsn = …, whereas checkpoint_lsn = 18434560 and start_lsn = …";
      // "Doing recovery: scanned up to log sequence number 27721728" (the last one: where it ended).
      checkpointLine: /checkpoint_lsn = (\d+)/,
      endLine: /Doing recovery: scanned up to log sequence number (\d+)/,
    },
    replication: {
      // GTIDs on both, so that the replica can be waited for without the primary's file names.
      primary: {
        log_bin: 'primary-bin',
        server_id: '1',
        gtid_mode: 'ON',
        enforce_gtid_consistency: 'ON',
      },
      // ROW is 8.0's default already.
      primaryDefaults: {},
      replica: {
        server_id: '2',
        relay_log: 'relay',
        skip_replica_start: 'ON',
        relay_log_purge: 'OFF',
        relay_log_recovery: 'OFF',
        gtid_mode: 'ON',
        enforce_gtid_consistency: 'ON',
      },
      applierThreads: { option: 'replica_parallel_workers', serial: '1' },
      // 8.4 removed RESET MASTER; 8.0 before 8.4 has only it.
      resetBinaryLogs: ['RESET BINARY LOGS AND GTIDS', 'RESET MASTER'],
      // The replica is a copy of the primary's datadir (its server_uuid too): a GTID it held
      // already would be skipped as applied.
      forgetApplied: ['RESET BINARY LOGS AND GTIDS', 'RESET MASTER'],
      lastTransaction: { sql: 'SELECT @@GLOBAL.gtid_executed AS position', column: 'position' },
      pointAtRelayLog: [
        "CHANGE REPLICATION SOURCE TO SOURCE_HOST='127.0.0.1', SOURCE_PORT=1, SOURCE_USER='none', RELAY_LOG_FILE='{file}', RELAY_LOG_POS=4",
        "CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=1, MASTER_USER='none', RELAY_LOG_FILE='{file}', RELAY_LOG_POS=4",
      ],
      startApplier: ['START REPLICA SQL_THREAD', 'START SLAVE SQL_THREAD'],
      waitApplied: {
        sql: 'SELECT WAIT_FOR_EXECUTED_GTID_SET(?, ?) AS waited',
        column: 'waited',
        applied: '0',
      },
      // sql/rpl_replica.cc: the coordinator (extern "C") and each worker.
      applierFunctions: /^(handle_slave_sql|handle_slave_worker)(\(|$)/,
      status: {
        sql: 'SHOW REPLICA STATUS',
        errorColumn: 'Last_SQL_Error',
        errnoColumn: 'Last_SQL_Errno',
        runningColumn: 'Replica_SQL_Running',
      },
    },
  },
  source: {
    script: 'scripts/fetch-mysql-source.sh',
    package: 'mysql-9.7',
    tree: /^mysql-9\.7\.\d+$/,
    variable: 'MYSQL_SOURCE',
  },
} as const satisfies FlavorDescription;
