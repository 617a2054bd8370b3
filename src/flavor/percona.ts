// Percona Server: MySQL with Percona's patches, described as what it changes in mysql.ts. Pure data.
//
// No Percona Server source or binary is reachable here: what differs follows Percona's
// documentation ("Compile Percona Server for MySQL from source", "Percona Server 8.0 release
// notes") and its version lines as users and other projects' tests publish them. Its redo log is
// MySQL's: innodb_redo_log_capacity and the #innodb_redo directory from 8.0.30, ib_logfile0 and
// ib_logfile1 (innodb_log_files_in_group, 2 by default) before.
import type { FlavorDescription } from './description.js';
import { mysql } from './mysql.js';

export const percona = {
  ...mysql,
  id: 'percona',
  name: 'Percona Server',
  recognise: {
    version: {
      // "Percona Server (GPL), Release '27', Revision '2f8eeab2'" in the compilation comment.
      token: /percona/i,
      comment: /percona/i,
      // Percona numbers its builds "<upstream>-<release>"; two releases of the same upstream
      // version are different servers, so the release stays in the version.
      release: /^(\d+\.\d+\.\d+-\d+(?:\.\d+)?)/,
    },
    sourceTree: {
      ...mysql.recognise.sourceTree,
      // build-ps/: Percona's packaging scripts (build-ps/percona-server-8.0_builder.sh), in
      // percona/percona-server from 5.6 to 9.x. Or a purely numeric MYSQL_VERSION_EXTRA, "-27" or
      // "-84.0": upstream MySQL uses EXTRA only for "-rc", "-m14", "-dmr" or NDB suffixes.
      // storage/rocksdb is no mark: it is a submodule that may be absent.
      paths: ['build-ps'],
      versionExtra: /^-\d+(\.\d+)*$/,
    },
  },
  build: {
    ...mysql.build,
    cmake: [
      ...mysql.build.cmake,
      '-DWITH_ROCKSDB=OFF',
      // TokuDB was removed in Percona Server 8.0.28; older trees still build it by default.
      { before: '8.0.28', arg: '-DWITH_TOKUDB=OFF' },
    ],
  },
  source: null,
} as const satisfies FlavorDescription;
