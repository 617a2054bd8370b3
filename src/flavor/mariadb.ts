// MariaDB, as every layer acts on it. Pure data.
//
// Verified on MariaDB 10.11 (Debian 12's packages, and Debian's 10.11.18 source built here).
import type { FlavorDescription } from './description.js';

const MiB = 2 ** 20;

export const mariadb = {
  id: 'mariadb',
  name: 'MariaDB',
  recognise: {
    // "10.11.19-MariaDB-0+deb12u1": in the version itself, whatever the comment says.
    version: { token: /-mariadb/i, comment: null, release: null },
    sourceTree: {
      // storage/maria/: the Aria engine, in every MariaDB since 5.1 and never in MySQL; or
      // sql/mariadb.h. Both are in Debian's 10.11.18 source. The VERSION file's SERVER_MATURITY is
      // no mark: older trees lack it.
      paths: ['storage/maria', 'sql/mariadb.h'],
      versionExtra: null,
      boostDirs: [],
    },
  },
  // MariaDB 10.5+ installs mariadbd and a mysqld symlink to it: the real name first.
  serverBinaries: ['mariadbd', 'mysqld'],
  build: {
    // Verified: this configure line built MariaDB 10.11.18 from Debian's source (gcc 12, 2 cores,
    // 23 min). WITH_LIBFMT and WITH_PCRE default to bundled, which downloads the sources at build time.
    cmake: [
      '-DWITH_LIBFMT=system',
      '-DWITH_PCRE=system',
      '-DWITH_SSL=system',
      '-DWITH_ZLIB=system',
      '-DWITH_UNIT_TESTS=OFF',
      '-DWITH_WSREP=OFF',
      '-DWITH_EMBEDDED_SERVER=OFF',
      '-DWITH_MARIABACKUP=OFF',
      ...[
        'TOKUDB',
        'ROCKSDB',
        'MROONGA',
        'SPIDER',
        'CONNECT',
        'S3',
        'COLUMNSTORE',
        'OQGRAPH',
        'SPHINX',
        'AWS_KEY_MANAGEMENT',
      ].map((plugin) => `-DPLUGIN_${plugin}=NO`),
    ],
    // Everything: the whole server is 1,294 steps, and the bootstrap script needs client tools.
    installComponents: null,
  },
  bootstrap: {
    program: 'script',
    // 10.4 renamed mysql_install_db; older releases only have the old name.
    scripts: ['mariadb-install-db', 'mysql_install_db'],
    // "socket" with root as the socket user: root@localhost is the only account, and no password
    // lets it in (only the unix user root, by unix_socket), until the first start's init file
    // gives it the tool's (server/accounts.ts). "normal" would make root without a password, on
    // TCP too (root@127.0.0.1, root@::1, root@<hostname>). Before 10.4 there is no such option:
    // root has no password and the tool drops the others once it has started. Verified on 10.11.
    // Older releases have no --skip-test-db.
    ifListed: ['--auth-root-authentication-method=socket', '--auth-root-socket-user=root', '--skip-test-db'],
    tools: ['my_print_defaults', 'resolveip'],
  },
  // The bootstrap script takes a build tree's --srcdir and --builddir; the server then finds its files.
  buildTreeLayout: null,
  // MariaDB reads [mysqld] too, so one group serves every flavor; it has no X plugin.
  config: { group: 'mysqld', options: {} },
  datadir: {
    // A fresh MariaDB 10.11 datadir is 114 MB here, 96 MiB of it the redo log.
    systemBytes: 32 * MiB,
    redo: {
      layout: 'ib_logfile0, one file (10.5+)',
      capacityOption: null,
      fileSizeOption: 'innodb_log_file_size',
      fileCountOption: null,
      defaultFileCount: 1,
      defaultBytes: 96 * MiB,
    },
  },
  queries: {
    historyLength: { sql: "SHOW GLOBAL STATUS LIKE 'Innodb_history_list_length'", column: 'Value' },
  },
  // The server reserves address space for the largest pool it may grow to (8 TiB by default),
  // which valgrind cannot map; reserving just the configured pool is enough.
  valgrind: { bufferPoolMaxOption: 'innodb_buffer_pool_size_max' },
  settings: {
    vocabulary: {
      sql_mode: "MariaDB's default keeps NO_AUTO_CREATE_USER",
      collation_server: "MariaDB's uca1400 collations",
      collation_connection: "MariaDB's uca1400 collations",
      innodb_checksum_algorithm: "MariaDB's full_crc32, which is also a tablespace format",
    },
    equivalents: {
      'redo capacity': 'innodb_log_file_size',
      'group commit delay': 'binlog_commit_wait_usec',
    },
  },
  operations: {
    // Measured on 10.11; no version known where what follows is missing.
    minimumVersion: null,
    // The main thread starts InnoDB and applies the redo (10.11, checked in its profile).
    startFunctions: /^main$/,
    recovery: {
      // Checked on 10.11: with these, the checkpoint stayed put for 40 s after 77 MB of writes;
      // the default 96 MiB log forces checkpoints within a load of that size.
      options: {
        innodb_log_file_size: '512M',
        innodb_max_dirty_pages_pct: '99',
        innodb_max_dirty_pages_pct_lwm: '0',
        innodb_adaptive_flushing: 'OFF',
        innodb_io_capacity: '100',
      },
      // "InnoDB: Starting crash recovery from checkpoint LSN=44878", "InnoDB: End of log at LSN=9893989".
      checkpointLine: /Starting crash recovery from checkpoint LSN=(\d+)/,
      endLine: /End of log at LSN=(\d+)/,
    },
    replication: {
      primary: { log_bin: 'primary-bin', server_id: '1' },
      // 10.11's default is MIXED; rows unless the side says otherwise.
      primaryDefaults: { binlog_format: 'ROW' },
      // The applier's alone: no IO thread, nothing to connect to (run/replica-apply.ts).
      replica: { server_id: '2', relay_log: 'relay', skip_slave_start: 'ON', relay_log_purge: 'OFF' },
      applierThreads: { option: 'slave_parallel_threads', serial: '0' },
      resetBinaryLogs: ['RESET MASTER'],
      // The applier reads its relay log by file and position, not by GTIDs it holds.
      forgetApplied: [],
      // MariaDB writes a GTID for every transaction, and its replica records them as it applies.
      lastTransaction: { sql: 'SELECT @@GLOBAL.gtid_binlog_pos AS position', column: 'position' },
      // The primary's file named too: without it, a parallel applier (slave_parallel_threads > 0)
      // of 10.11 dies of signal 11 on the copied log's first transaction; serial ones apply it.
      pointAtRelayLog: [
        "CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=1, MASTER_USER='none', MASTER_USE_GTID=NO, RELAY_LOG_FILE='{file}', RELAY_LOG_POS=4, MASTER_LOG_FILE='{primaryFile}', MASTER_LOG_POS=4",
      ],
      startApplier: ['START SLAVE SQL_THREAD'],
      waitApplied: { sql: 'SELECT MASTER_GTID_WAIT(?, ?) AS waited', column: 'waited', applied: '0' },
      // sql/slave.cc and sql/rpl_parallel.cc: the SQL thread, and each parallel worker.
      applierFunctions: /^(handle_slave_sql|handle_rpl_parallel_thread)(\(|$)/,
      status: {
        sql: 'SHOW SLAVE STATUS',
        errorColumn: 'Last_SQL_Error',
        errnoColumn: 'Last_SQL_Errno',
        runningColumn: 'Slave_SQL_Running',
      },
    },
  },
  source: {
    script: 'scripts/fetch-mariadb-source.sh',
    package: 'mariadb',
    tree: /^mariadb-10\.11\.\d+$/,
    variable: 'MARIADB_SOURCE',
  },
} as const satisfies FlavorDescription;
