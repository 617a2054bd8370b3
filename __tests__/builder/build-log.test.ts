import {
  cmakeError,
  downloadAttempt,
  failedTarget,
  firstCompileError,
  ninjaProgress,
} from '../../src/builder/build-log.js';

// Every sample below is real output, captured on this machine (Debian 12: gcc 12.2, clang 14 and 16,
// GNU ld 2.40 and gold, ninja 1.11.1, CMake 3.25.1) from tiny files and projects in /tmp/blog, or
// taken from the real MariaDB 10.11.18 configure and build. Only where a comment says so was a log
// cut short or a line written by hand.

// gcc-12 -Wall -c syntax.c: a missing semicolon, then an undeclared name, then warnings.
const GCC_TWO_ERRORS = `syntax.c: In function ‘main’:
syntax.c:5:3: error: expected ‘,’ or ‘;’ before ‘printf’
    5 |   printf("%d\\n", x);
      |   ^~~~~~
syntax.c:6:10: error: ‘undeclared_var’ undeclared (first use in this function)
    6 |   return undeclared_var;
      |          ^~~~~~~~~~~~~~
syntax.c:6:10: note: each undeclared identifier is reported only once for each function it appears in
syntax.c:4:7: warning: unused variable ‘x’ [-Wunused-variable]
    4 |   int x = 1
      |       ^
syntax.c: At top level:
syntax.c:2:12: warning: ‘unused_fn’ defined but not used [-Wunused-function]
    2 | static int unused_fn(void) { return 0; }
      |            ^~~~~~~~~
`;

// clang-16 -Wall -c syntax.c (the same file).
const CLANG16_TWO_ERRORS = `syntax.c:4:12: error: expected ';' at end of declaration
  int x = 1
           ^
           ;
syntax.c:6:10: error: use of undeclared identifier 'undeclared_var'
  return undeclared_var;
         ^
2 errors generated.
`;

// gcc-12 -c missing.c, which includes a header that does not exist.
const GCC_MISSING_HEADER = `missing.c:1:10: fatal error: missing_header.h: No such file or directory
    1 | #include "missing_header.h"
      |          ^~~~~~~~~~~~~~~~~~
compilation terminated.
`;

// clang-14 -c missing.c
const CLANG14_MISSING_HEADER = `missing.c:1:10: fatal error: 'missing_header.h' file not found
#include "missing_header.h"
         ^~~~~~~~~~~~~~~~~~
1 error generated.
`;

// g++-12 -c included.cc: the error is in the header it includes.
const GXX_IN_HEADER = `In file included from included.cc:1:
inc.h: In function ‘int f()’:
inc.h:1:36: error: ‘not_here’ was not declared in this scope
    1 | static inline int f(void) { return not_here; }
      |                                    ^~~~~~~~
`;

// clang++-16 -c included.cc
const CLANGXX16_IN_HEADER = `In file included from included.cc:1:
./inc.h:1:36: error: use of undeclared identifier 'not_here'
static inline int f(void) { return not_here; }
                                   ^
1 error generated.
`;

// gcc-12 -Wall -c warn.c: warnings only.
const GCC_WARNINGS = `warn.c: In function ‘main’:
warn.c:1:35: warning: unused variable ‘buf’ [-Wunused-variable]
    1 | int main(void) { int unused; char buf[4]; return 0; }
      |                                   ^~~
warn.c:1:22: warning: unused variable ‘unused’ [-Wunused-variable]
    1 | int main(void) { int unused; char buf[4]; return 0; }
      |                      ^~~~~~
`;

// clang-14 -Wall -c warn.c
const CLANG14_WARNINGS = `warn.c:1:22: warning: unused variable 'unused' [-Wunused-variable]
int main(void) { int unused; char buf[4]; return 0; }
                     ^
warn.c:1:35: warning: unused variable 'buf' [-Wunused-variable]
int main(void) { int unused; char buf[4]; return 0; }
                                  ^
2 warnings generated.
`;

// gcc-12 link.c: calls a function that no object defines.
const GCC_UNDEFINED = `/usr/bin/ld: /tmp/ccUYvFTN.o: in function \`main':
link.c:(.text+0x5): undefined reference to \`foo'
collect2: error: ld returned 1 exit status
`;

// clang-14 link.c
const CLANG14_UNDEFINED = `/usr/bin/ld: /tmp/link-586d50.o: in function \`main':
link.c:(.text+0x10): undefined reference to \`foo'
clang: error: linker command failed with exit code 1 (use -v to see invocation)
`;

// gcc-12 -fuse-ld=gold link.c
const GOLD_UNDEFINED = `/tmp/cczYpFTu.o:link.c:function main: error: undefined reference to 'foo'
collect2: error: ld returned 1 exit status
`;

// gcc-12 d1.o d2.o link.c: d1.c and d2.c both define foo.
const GCC_MULTIPLE_DEFINITION = `/usr/bin/ld: d2.o: in function \`foo':
d2.c:(.text+0x0): multiple definition of \`foo'; d1.o:d1.c:(.text+0x0): first defined here
collect2: error: ld returned 1 exit status
`;

// gcc-12 m.c -lnosuchlib
const GCC_MISSING_LIBRARY = `/usr/bin/ld: cannot find -lnosuchlib: No such file or directory
collect2: error: ld returned 1 exit status
`;

// cmake -G Ninja -DCMAKE_C_COMPILER=gcc-12 -DCMAKE_C_FLAGS=-Wall on a project with one broken .c file, then ninja.
const NINJA_GCC = `[1/5] Building C object CMakeFiles/good.dir/src/good.c.o
[2/5] Building C object CMakeFiles/broken.dir/src/broken.c.o
FAILED: CMakeFiles/broken.dir/src/broken.c.o 
/usr/bin/gcc-12   -Wall -MD -MT CMakeFiles/broken.dir/src/broken.c.o -MF CMakeFiles/broken.dir/src/broken.c.o.d -o CMakeFiles/broken.dir/src/broken.c.o -c /tmp/blog/ninja-proj/src/broken.c
/tmp/blog/ninja-proj/src/broken.c: In function ‘broken’:
/tmp/blog/ninja-proj/src/broken.c:4:3: error: expected ‘,’ or ‘;’ before ‘return’
    4 |   return (int)n + missing;
      |   ^~~~~~
/tmp/blog/ninja-proj/src/broken.c:3:10: warning: unused variable ‘n’ [-Wunused-variable]
    3 |   size_t n = strlen(s)
      |          ^
/tmp/blog/ninja-proj/src/broken.c:5:1: warning: control reaches end of non-void function [-Wreturn-type]
    5 | }
      | ^
[3/5] Building C object CMakeFiles/broken.dir/src/ok.c.o
/tmp/blog/ninja-proj/src/ok.c: In function ‘ok’:
/tmp/blog/ninja-proj/src/ok.c:1:20: warning: unused variable ‘unused’ [-Wunused-variable]
    1 | int ok(void) { int unused; return 0; }
      |                    ^~~~~~
[4/5] Linking C executable good
ninja: build stopped: subcommand failed.
`;

// The same project with clang-16.
const NINJA_CLANG16 = `[1/5] Building C object CMakeFiles/broken.dir/src/ok.c.o
[2/5] Building C object CMakeFiles/good.dir/src/good.c.o
[3/5] Building C object CMakeFiles/broken.dir/src/broken.c.o
FAILED: CMakeFiles/broken.dir/src/broken.c.o 
/usr/bin/clang-16   -fcolor-diagnostics -MD -MT CMakeFiles/broken.dir/src/broken.c.o -MF CMakeFiles/broken.dir/src/broken.c.o.d -o CMakeFiles/broken.dir/src/broken.c.o -c /tmp/blog/ninja-proj/src/broken.c
/tmp/blog/ninja-proj/src/broken.c:3:23: error: expected ';' at end of declaration
  size_t n = strlen(s)
                      ^
                      ;
1 error generated.
[4/5] Linking C executable good
ninja: build stopped: subcommand failed.
`;

// A RelWithDebInfo (-g) project whose main.c calls an undefined function, clang-16, ninja.
const NINJA_LINK = `[1/2] Building C object CMakeFiles/app.dir/src/main.c.o
[2/2] Linking C executable app
FAILED: app 
: && /usr/bin/clang-16 -O2 -g -DNDEBUG  CMakeFiles/app.dir/src/main.c.o -o app   && :
/usr/bin/ld: CMakeFiles/app.dir/src/main.c.o: in function \`main':
/tmp/blog/ninja-proj/link-proj/src/main.c:2: undefined reference to \`helper'
clang: error: linker command failed with exit code 1 (use -v to see invocation)
ninja: build stopped: subcommand failed.
`;

// The broken project with -DCMAKE_COLOR_DIAGNOSTICS=ON and CLICOLOR_FORCE=1 ninja -j1: gcc and ninja in colour.
const NINJA_GCC_COLOUR = `[1/5] Building C object CMakeFiles/good.dir/src/good.c.o
[2/5] Linking C executable good
[3/5] Building C object CMakeFiles/broken.dir/src/broken.c.o
\x1b[31mFAILED: \x1b[0mCMakeFiles/broken.dir/src/broken.c.o 
/usr/bin/gcc-12   -fdiagnostics-color=always -MD -MT CMakeFiles/broken.dir/src/broken.c.o -MF CMakeFiles/broken.dir/src/broken.c.o.d -o CMakeFiles/broken.dir/src/broken.c.o -c /tmp/blog/ninja-proj/src/broken.c
\x1b[01m\x1b[K/tmp/blog/ninja-proj/src/broken.c:\x1b[m\x1b[K In function ‘\x1b[01m\x1b[Kbroken\x1b[m\x1b[K’:
\x1b[01m\x1b[K/tmp/blog/ninja-proj/src/broken.c:4:3:\x1b[m\x1b[K \x1b[01;31m\x1b[Kerror: \x1b[m\x1b[Kexpected ‘\x1b[01m\x1b[K,\x1b[m\x1b[K’ or ‘\x1b[01m\x1b[K;\x1b[m\x1b[K’ before ‘\x1b[01m\x1b[Kreturn\x1b[m\x1b[K’
    4 |   \x1b[01;31m\x1b[Kreturn\x1b[m\x1b[K (int)n + missing;
      |   \x1b[01;31m\x1b[K^~~~~~\x1b[m\x1b[K
ninja: build stopped: subcommand failed.
`;

// clang-16 -fcolor-diagnostics -c syntax.c
const CLANG16_COLOUR = `\x1b[1msyntax.c:4:12: \x1b[0m\x1b[0;1;31merror: \x1b[0m\x1b[1mexpected ';' at end of declaration\x1b[0m
  int x = 1
\x1b[0;1;32m           ^
\x1b[0m\x1b[0;32m           ;
\x1b[0m\x1b[1msyntax.c:6:10: \x1b[0m\x1b[0;1;31merror: \x1b[0m\x1b[1muse of undeclared identifier 'undeclared_var'\x1b[0m
  return undeclared_var;
\x1b[0;1;32m         ^
\x1b[0m2 errors generated.
`;

// gcc-12 -Wall -fdiagnostics-color=always -fdiagnostics-urls=always -c warn.c: colours and hyperlinks.
const GCC_WARNINGS_COLOUR = `\x1b[01m\x1b[Kwarn.c:\x1b[m\x1b[K In function ‘\x1b[01m\x1b[Kmain\x1b[m\x1b[K’:
\x1b[01m\x1b[Kwarn.c:1:35:\x1b[m\x1b[K \x1b[01;35m\x1b[Kwarning: \x1b[m\x1b[Kunused variable ‘\x1b[01m\x1b[Kbuf\x1b[m\x1b[K’ [\x1b[01;35m\x1b[K\x1b]8;;https://gcc.gnu.org/onlinedocs/gcc/Warning-Options.html#index-Wunused-variable\x07-Wunused-variable\x1b]8;;\x07\x1b[m\x1b[K]
    1 | int main(void) { int unused; char \x1b[01;35m\x1b[Kbuf\x1b[m\x1b[K[4]; return 0; }
      |                                   \x1b[01;35m\x1b[K^~~\x1b[m\x1b[K
\x1b[01m\x1b[Kwarn.c:1:22:\x1b[m\x1b[K \x1b[01;35m\x1b[Kwarning: \x1b[m\x1b[Kunused variable ‘\x1b[01m\x1b[Kunused\x1b[m\x1b[K’ [\x1b[01;35m\x1b[K\x1b]8;;https://gcc.gnu.org/onlinedocs/gcc/Warning-Options.html#index-Wunused-variable\x07-Wunused-variable\x1b]8;;\x07\x1b[m\x1b[K]
    1 | int main(void) { int \x1b[01;35m\x1b[Kunused\x1b[m\x1b[K; char buf[4]; return 0; }
      |                      \x1b[01;35m\x1b[K^~~~~~\x1b[m\x1b[K
`;

// One "line" of ninja on a terminal (script -qc ninja): it rewrites the status with CR and erase-line.
const NINJA_TERMINAL_LINE = `\r[0/5] Building C object CMakeFiles/good.dir/src/good.c.o\x1b[K\r[1/5] Building C object CMakeFiles/good.dir/src/good.c.o\x1b[K\r[1/5] Linking C executable good\x1b[K\r[2/5] Linking C executable good\x1b[K\r[2/5] Building C object CMakeFiles/broken.dir/src/broken.c.o\x1b[K\r[3/5] Building C object CMakeFiles/broken.dir/src/broken.c.o\x1b[K\r`;

// Excerpts of the successful MariaDB 10.11.18 build (gcc-12): warnings, notes, inlining context and troff's
// "fatal error" without a file:line.
const MARIADB_BUILD_WARNINGS = `[375/1296] Generating example3.r
[376/1296] Generating factorial.r
[377/1296] Generating main.r
[378/1296] Generating output1.r, output2.r, output3.r, output4.r, output5.r
[379/1296] Generating user.ps
troff: fatal error: can't find macro file m
[380/1296] Generating user.t
troff: fatal error: can't find macro file m
[381/1296] Building C object mysys/CMakeFiles/thr_timer.dir/thr_timer.c.o
[983/1296] Building CXX object storage/perfschema/CMakeFiles/perfschema.dir/cursor_by_thread.cc.o
[984/1296] Building CXX object storage/perfschema/CMakeFiles/perfschema.dir/cursor_by_user.cc.o
[985/1296] Building CXX object storage/perfschema/CMakeFiles/perfschema.dir/ha_perfschema.cc.o
/work/build/mariadb-10.11.18/storage/perfschema/ha_perfschema.cc: In member function ‘virtual int ha_perfschema::delete_table(const char*)’:
/work/build/mariadb-10.11.18/storage/perfschema/ha_perfschema.cc:475:8: warning: writing 1 byte into a region of size 0 [-Wstringop-overflow=]
  475 |   *ptr = '\\0';
      |   ~~~~~^~~~~~
/work/build/mariadb-10.11.18/storage/perfschema/ha_perfschema.cc:457:8: note: at offset -1 into destination object ‘table_path’ of size 513
  457 |   char table_path[FN_REFLEN+1];
      |        ^~~~~~~~~~
[986/1296] Building CXX object storage/perfschema/CMakeFiles/perfschema.dir/mysqld_thd_manager.cc.o
[1278/1296] Building CXX object sql/CMakeFiles/sql.dir/sql_tvc.cc.o
[1279/1296] Building CXX object sql/CMakeFiles/sql.dir/opt_split.cc.o
[1280/1296] Building CXX object sql/CMakeFiles/sql.dir/rowid_filter.cc.o
[1281/1296] Building CXX object sql/CMakeFiles/sql.dir/opt_trace.cc.o
[1282/1296] Building CXX object sql/CMakeFiles/sql.dir/encryption.cc.o
[1283/1296] Building CXX object sql/CMakeFiles/sql.dir/table_cache.cc.o
[1284/1296] Building CXX object sql/CMakeFiles/sql.dir/temporary_tables.cc.o
[1285/1296] Building CXX object sql/CMakeFiles/sql.dir/json_table.cc.o
[1286/1296] Building CXX object sql/CMakeFiles/sql.dir/proxy_protocol.cc.o
[1287/1296] Building CXX object sql/CMakeFiles/sql.dir/backup.cc.o
[1288/1296] Building C object sql/CMakeFiles/sql.dir/socketpair.c.o
[1289/1296] Building CXX object sql/CMakeFiles/sql.dir/xa.cc.o
In function ‘bool trans_xa_get_backup_lock(THD*, MDL_request*)’,
    inlined from ‘bool trans_xa_commit(THD*)’ at /work/build/mariadb-10.11.18/sql/xa.cc:665:35:
/work/build/mariadb-10.11.18/sql/xa.cc:530:26: warning: storing the address of local variable ‘mdl_request’ in ‘*thd.THD::backup_commit_lock’ [-Wdangling-pointer=]
  530 |   thd->backup_commit_lock= mdl_request;
      |   ~~~~~~~~~~~~~~~~~~~~~~~^~~~~~~~~~~~~
/work/build/mariadb-10.11.18/sql/xa.cc: In function ‘bool trans_xa_commit(THD*)’:
/work/build/mariadb-10.11.18/sql/xa.cc:655:19: note: ‘mdl_request’ declared here
`;

// The start and end of the successful MariaDB 10.11.18 configure.
const MARIADB_CONFIGURE_OK = `-- The C compiler identification is GNU 12.2.0
-- The CXX compiler identification is GNU 12.2.0
-- Detecting C compiler ABI info
-- Detecting C compiler ABI info - done
-- Check for working C compiler: /usr/bin/gcc-12 - skipped
-- Detecting C compile features
-- Detecting C compile features - done
-- Detecting CXX compiler ABI info
-- Detecting CXX compiler ABI info - done
-- Check for working CXX compiler: /usr/bin/g++-12 - skipped
-- Detecting CXX compile features
-- Detecting CXX compile features - done
-- Running cmake version 3.25.1
-- Found Git: /usr/bin/git (found version "2.39.5") 
-- Configuring done
-- Generating done
-- Build files have been written to: /work/build/obj-gcc
`;

// ninja on ExternalProject_Add(libfmt URL https://github.com/fmtlib/fmt/…/fmt-11.0.2.zip) as in MariaDB's
// cmake/libfmt.cmake, offline (https_proxy=http://127.0.0.1:9); the first 40 lines and the last.
const EP_LIBFMT = `[1/8] Creating directories for 'libfmt'
[2/8] Performing download step (download, verify and extract) for 'libfmt'
FAILED: extra/libfmt/src/libfmt-stamp/libfmt-download /tmp/blog/ep/build/extra/libfmt/src/libfmt-stamp/libfmt-download 
cd /tmp/blog/ep/build/extra/libfmt/src && /usr/bin/cmake -P /tmp/blog/ep/build/extra/libfmt/src/libfmt-stamp/download-libfmt.cmake && /usr/bin/cmake -P /tmp/blog/ep/build/extra/libfmt/src/libfmt-stamp/verify-libfmt.cmake && /usr/bin/cmake -P /tmp/blog/ep/build/extra/libfmt/src/libfmt-stamp/extract-libfmt.cmake && /usr/bin/cmake -E touch /tmp/blog/ep/build/extra/libfmt/src/libfmt-stamp/libfmt-download
-- Downloading...
   dst='/tmp/blog/ep/build/extra/libfmt/src/fmt-11.0.2.zip'
   timeout='none'
   inactivity timeout='none'
-- Using src='https://github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip'
-- Retrying...
-- Using src='https://github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip'
-- Retry after 5 seconds (attempt #2) ...
-- Using src='https://github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip'
-- Retry after 5 seconds (attempt #3) ...
-- Using src='https://github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip'
-- Retry after 15 seconds (attempt #4) ...
-- Using src='https://github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip'
-- Retry after 60 seconds (attempt #5) ...
-- Using src='https://github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip'
CMake Error at libfmt-stamp/download-libfmt.cmake:170 (message):
  Each download failed!

    error: downloading 'https://github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip' failed
          status_code: 7
          status_string: "Couldn't connect to server"
          log:
          --- LOG BEGIN ---
          Uses proxy env variable https_proxy == 'http://127.0.0.1:9'
    Trying 127.0.0.1:9...

  connect to 127.0.0.1 port 9 failed: Connection refused

  Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to
  server

  Closing connection 0

  

          --- LOG END ---
ninja: build stopped: subcommand failed.
`;

// ninja on ExternalProject_Add(GIT_REPOSITORY https://github.com/awslabs/aws-sdk-cpp.git) as in MariaDB's
// extra/aws_sdk, offline.
const EP_AWS_GIT = `[1/8] Creating directories for 'aws_sdk_cpp'
[2/8] Performing download step (git clone) for 'aws_sdk_cpp'
FAILED: aws_sdk_cpp-prefix/src/aws_sdk_cpp-stamp/aws_sdk_cpp-download /tmp/blog/ep-git/build/aws_sdk_cpp-prefix/src/aws_sdk_cpp-stamp/aws_sdk_cpp-download 
cd /tmp/blog/ep-git/build && /usr/bin/cmake -P /tmp/blog/ep-git/build/aws_sdk_cpp-prefix/tmp/aws_sdk_cpp-gitclone.cmake && /usr/bin/cmake -E touch /tmp/blog/ep-git/build/aws_sdk_cpp-prefix/src/aws_sdk_cpp-stamp/aws_sdk_cpp-download
Cloning into 'aws-sdk-cpp'...
fatal: unable to access 'https://github.com/awslabs/aws-sdk-cpp.git/': Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server
Cloning into 'aws-sdk-cpp'...
fatal: unable to access 'https://github.com/awslabs/aws-sdk-cpp.git/': Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server
Cloning into 'aws-sdk-cpp'...
fatal: unable to access 'https://github.com/awslabs/aws-sdk-cpp.git/': Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server
-- Had to git clone more than once: 3 times.
CMake Error at aws_sdk_cpp-prefix/tmp/aws_sdk_cpp-gitclone.cmake:39 (message):
  Failed to clone repository: 'https://github.com/awslabs/aws-sdk-cpp.git'


ninja: build stopped: subcommand failed.
`;

// ninja on ExternalProject_Add(lua URL https://www.lua.org/ftp/lua-5.4.6.tar.gz), offline; the first 30 lines and the last.
const EP_LUA = `[1/8] Creating directories for 'lua'
[2/8] Performing download step (download, verify and extract) for 'lua'
FAILED: lua-prefix/src/lua-stamp/lua-download /tmp/blog/ep-lua/build/lua-prefix/src/lua-stamp/lua-download 
cd /tmp/blog/ep-lua/build/lua-prefix/src && /usr/bin/cmake -P /tmp/blog/ep-lua/build/lua-prefix/src/lua-stamp/download-lua.cmake && /usr/bin/cmake -P /tmp/blog/ep-lua/build/lua-prefix/src/lua-stamp/verify-lua.cmake && /usr/bin/cmake -P /tmp/blog/ep-lua/build/lua-prefix/src/lua-stamp/extract-lua.cmake && /usr/bin/cmake -E touch /tmp/blog/ep-lua/build/lua-prefix/src/lua-stamp/lua-download
-- Downloading...
   dst='/tmp/blog/ep-lua/build/lua-prefix/src/lua-5.4.6.tar.gz'
   timeout='none'
   inactivity timeout='none'
-- Using src='https://www.lua.org/ftp/lua-5.4.6.tar.gz'
-- Retrying...
-- Using src='https://www.lua.org/ftp/lua-5.4.6.tar.gz'
-- Retry after 5 seconds (attempt #2) ...
-- Using src='https://www.lua.org/ftp/lua-5.4.6.tar.gz'
-- Retry after 5 seconds (attempt #3) ...
-- Using src='https://www.lua.org/ftp/lua-5.4.6.tar.gz'
-- Retry after 15 seconds (attempt #4) ...
-- Using src='https://www.lua.org/ftp/lua-5.4.6.tar.gz'
-- Retry after 60 seconds (attempt #5) ...
-- Using src='https://www.lua.org/ftp/lua-5.4.6.tar.gz'
CMake Error at lua-stamp/download-lua.cmake:170 (message):
  Each download failed!

    error: downloading 'https://www.lua.org/ftp/lua-5.4.6.tar.gz' failed
          status_code: 7
          status_string: "Couldn't connect to server"
          log:
          --- LOG BEGIN ---
          Uses proxy env variable https_proxy == 'http://127.0.0.1:9'
    Trying 127.0.0.1:9...

ninja: build stopped: subcommand failed.
`;

// ninja on an ExternalProject_Add whose download from a local HTTP server worked.
const EP_DOWNLOAD_OK = `[1/8] Creating directories for 'payload'
[2/8] Performing download step (download, verify and extract) for 'payload'
-- Downloading...
   dst='/tmp/blog/ep-ok/build/payload-prefix/src/payload.zip'
   timeout='none'
   inactivity timeout='none'
-- Using src='http://127.0.0.1:18765/payload.zip'
-- [download 100% complete]
-- Downloading... done
-- extracting...
     src='/tmp/blog/ep-ok/build/payload-prefix/src/payload.zip'
     dst='/tmp/blog/ep-ok/build/payload-prefix/src/payload'
-- extracting... [tar xfz]
-- extracting... [analysis]
-- extracting... [rename]
-- extracting... [clean up]
-- extracting... done
[3/8] No update step for 'payload'
[4/8] No patch step for 'payload'
[5/8] No configure step for 'payload'
[6/8] No build step for 'payload'
[7/8] No install step for 'payload'
[8/8] Completed 'payload'
`;

// cmake on file(DOWNLOAD <MariaDB's pcre2 URL> pcre2.zip EXPECTED_MD5 …), offline.
const FILE_DOWNLOAD_PCRE2 = `CMake Error at CMakeLists.txt:3 (file):
  file DOWNLOAD HASH mismatch

    for file: [/tmp/blog/dl/build/pcre2.zip]
      expected hash: [7906aec38f872b74f1b925122dde9069]
        actual hash: [d41d8cd98f00b204e9800998ecf8427e]
             status: [7;"Couldn't connect to server"]



-- Configuring incomplete, errors occurred!
See also "/tmp/blog/dl/build/CMakeFiles/CMakeOutput.log".
`;

// cmake on a tree with MariaDB 10.11.18's cmake/ directory calling CHECK_LIBFMT() with -DWITH_LIBFMT=system
// and fmt unusable (-DHAVE_SYSTEM_LIBFMT=0). Other CFG_ samples come from the same tree.
const CFG_LIBFMT = `CMake Error at cmake/libfmt.cmake:44 (MESSAGE):
  system libfmt library is not found or unusable
Call Stack (most recent call first):
  CMakeLists.txt:6 (CHECK_LIBFMT)


-- Configuring incomplete, errors occurred!
See also "/tmp/blog/cfg-fmt/CMakeFiles/CMakeOutput.log".
`;

// CHECK_PCRE() with -DWITH_PCRE=system -DHAVE_PCRE2_MATCH_8=0.
const CFG_PCRE2 = `CMake Error at cmake/pcre.cmake:100 (MESSAGE):
  system pcre2-8 library is not found or unusable
Call Stack (most recent call first):
  CMakeLists.txt:12 (CHECK_PCRE)


-- Configuring incomplete, errors occurred!
See also "/tmp/blog/cfg-pcre/CMakeFiles/CMakeOutput.log".
`;

// MYSQL_CHECK_SSL() with -DWITH_SSL=system and OpenSSL hidden (CMAKE_FIND_ROOT_PATH=/nonexistent).
const CFG_SSL = `-- Could NOT find OpenSSL, try to set the path to OpenSSL root folder in the system variable OPENSSL_ROOT_DIR (missing: OPENSSL_CRYPTO_LIBRARY OPENSSL_INCLUDE_DIR) 
CMake Error at cmake/ssl.cmake:169 (MESSAGE):
  Cannot find appropriate system libraries for SSL.  Use WITH_SSL=bundled to
  enable SSL support
Call Stack (most recent call first):
  CMakeLists.txt:15 (MYSQL_CHECK_SSL)


-- Configuring incomplete, errors occurred!
See also "/tmp/blog/cfg-ssl/CMakeFiles/CMakeOutput.log".
`;

// MySQL 9.7.2 configured with -DWITH_ZSTD=system on Debian 12 without libzstd-dev (the log's end).
const CFG_MYSQL_ZSTD = `-- Performing Test HAVE___ATTR__VIS_HIDDEN - Success
CMake Error at cmake/zstd.cmake:100 (MESSAGE):
  Cannot find system zstd libraries.
Call Stack (most recent call first):
  CMakeLists.txt:1906 (MYSQL_CHECK_ZSTD)


-- Configuring incomplete, errors occurred!
See also "/tmp/cfgz/CMakeFiles/CMakeOutput.log".
See also "/tmp/cfgz/CMakeFiles/CMakeError.log".
`;

// FIND_CURSES() from cmake/readline.cmake with curses hidden.
const CFG_CURSES = `CMake Error at /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:230 (message):
  Could NOT find Curses (missing: CURSES_LIBRARY CURSES_INCLUDE_PATH)
Call Stack (most recent call first):
  /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:600 (_FPHSA_FAILURE_MESSAGE)
  /usr/share/cmake-3.25/Modules/FindCurses.cmake:268 (FIND_PACKAGE_HANDLE_STANDARD_ARGS)
  cmake/readline.cmake:55 (FIND_PACKAGE)
  CMakeLists.txt:15 (FIND_CURSES)


-- Configuring incomplete, errors occurred!
See also "/tmp/blog/cfg-curses/CMakeFiles/CMakeOutput.log".
`;

// find_package(BISON 2.4 REQUIRED) with bison hidden (CMAKE_IGNORE_PATH).
const CFG_BISON = `CMake Error at /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:230 (message):
  Could NOT find BISON (missing: BISON_EXECUTABLE) (Required is at least
  version "2.4")
Call Stack (most recent call first):
  /usr/share/cmake-3.25/Modules/FindPackageHandleStandardArgs.cmake:600 (_FPHSA_FAILURE_MESSAGE)
  /usr/share/cmake-3.25/Modules/FindBISON.cmake:306 (FIND_PACKAGE_HANDLE_STANDARD_ARGS)
  CMakeLists.txt:21 (find_package)


-- Configuring incomplete, errors occurred!
See also "/tmp/blog/cfg-bison/CMakeFiles/CMakeOutput.log".
`;

// cmake/submodules.cmake in a tree without libmariadb/.
const CFG_SUBMODULES = `CMake Error at cmake/submodules.cmake:47 (MESSAGE):
  No MariaDB Connector/C! Run

      /usr/bin/git submodule update --init --recursive

  Then restart the build.
Call Stack (most recent call first):
  CMakeLists.txt:24 (include)


-- Configuring incomplete, errors occurred!
See also "/tmp/blog/cfg-sub/CMakeFiles/CMakeOutput.log".
`;

// A successful configure with an unused -D variable.
const CFG_WARNING_ONLY = `-- Configuring done
-- Generating done
CMake Warning:
  Manually-specified variables were not used by the project:

    WITH_NOTHING


-- Build files have been written to: /tmp/blog/cfg-warn
`;

// MySQL 8.0's cmake/boost.cmake (its boost_1_77_0 variables, COULD_NOT_FIND_BOOST and download code)
// with -DWITH_BOOST=<empty dir> -DDOWNLOAD_BOOST=0.
const CFG_BOOST_MISSING = `-- WITH_BOOST=/tmp/blog/boostdir
-- Could not find (the correct version of) boost.
-- MySQL currently requires boost_1_77_0

CMake Error at cmake/boost.cmake:9 (MESSAGE):
  You can download it with -DDOWNLOAD_BOOST=1 -DWITH_BOOST=<directory>

  This CMake script will look for boost in <directory>.  If it is not there,
  it will download and unpack it (in that directory) for you.

  You can also download boost manually, from
  https://archives.boost.io/release/1.77.0/source/boost_1_77_0.tar.bz2

  If you are inside a firewall, you may need to use an https proxy:

  export https_proxy=http://example.com:80

Call Stack (most recent call first):
  cmake/boost.cmake:25 (COULD_NOT_FIND_BOOST)
  CMakeLists.txt:4 (include)


-- Configuring incomplete, errors occurred!
See also "/tmp/blog/cfg-boost0/CMakeFiles/CMakeOutput.log".
`;

// The same with -DDOWNLOAD_BOOST=1, offline.
const CFG_BOOST_DOWNLOAD = `-- Downloading boost_1_77_0.tar.bz2 to /tmp/blog/boostdir
-- Download failed, error: 7;"Couldn't connect to server"
CMake Error at cmake/boost.cmake:39 (MESSAGE):
  You can try downloading
  https://archives.boost.io/release/1.77.0/source/boost_1_77_0.tar.bz2
  manually using curl/wget or a similar tool
Call Stack (most recent call first):
  CMakeLists.txt:4 (include)


-- Configuring incomplete, errors occurred!
See also "/tmp/blog/cfg-boost1/CMakeFiles/CMakeOutput.log".
`;

// cmake -DCMAKE_CXX_COMPILER=/usr/bin/g++-99
const CFG_BAD_COMPILER = `CMake Error at CMakeLists.txt:2 (project):
  The CMAKE_CXX_COMPILER:

    /usr/bin/g++-99

  is not a full path to an existing compiler tool.

  Tell CMake where to find the compiler by setting either the environment
  variable "CXX" or the CMake cache entry CMAKE_CXX_COMPILER to the full path
  to the compiler, or to the compiler name if it is in the PATH.


-- Configuring incomplete, errors occurred!
See also "/tmp/blog/cfg-cc/CMakeFiles/CMakeOutput.log".
See also "/tmp/blog/cfg-cc/CMakeFiles/CMakeError.log".
`;

// cmake -G Ninja with ninja and the compilers hidden (CMAKE_FIND_ROOT_PATH_MODE_PROGRAM=ONLY).
const CFG_NO_NINJA = `CMake Error: CMake was unable to find a build program corresponding to "Ninja".  CMAKE_MAKE_PROGRAM is not set.  You probably need to select a different build tool.
CMake Error: CMAKE_C_COMPILER not set, after EnableLanguage
CMake Error: CMAKE_CXX_COMPILER not set, after EnableLanguage
-- Configuring incomplete, errors occurred!
See also "/tmp/blog/cfg-noninja/CMakeFiles/CMakeOutput.log".
`;

// cmake on a project whose imported target names an include directory that does not exist: an error
// at generate time.
const CFG_GENERATE_ERROR = `-- Configuring done
CMake Error in CMakeLists.txt:
  Imported target "ext" includes non-existent path

    "/nonexistent/include"

  in its INTERFACE_INCLUDE_DIRECTORIES.  Possible reasons include:

  * The path was deleted, renamed, or moved to another location.

  * An install or uninstall procedure did not complete successfully.

  * The installation package was faulty and references files it does not
  provide.



-- Generating done
CMake Generate step failed.  Build files cannot be regenerated correctly.
`;

describe('firstCompileError', () => {
  it('parses the first gcc error of a ninja build, with its absolute path', () => {
    expect(firstCompileError(NINJA_GCC)).toEqual({
      file: '/tmp/blog/ninja-proj/src/broken.c',
      line: 4,
      column: 3,
      message: 'expected ‘,’ or ‘;’ before ‘return’',
      text: '/tmp/blog/ninja-proj/src/broken.c:4:3: error: expected ‘,’ or ‘;’ before ‘return’',
    });
  });

  it('parses the first clang error of a ninja build', () => {
    expect(firstCompileError(NINJA_CLANG16)).toEqual({
      file: '/tmp/blog/ninja-proj/src/broken.c',
      line: 3,
      column: 23,
      message: "expected ';' at end of declaration",
      text: "/tmp/blog/ninja-proj/src/broken.c:3:23: error: expected ';' at end of declaration",
    });
  });

  it.each([
    ['gcc', GCC_TWO_ERRORS, 5, 3, 'expected ‘,’ or ‘;’ before ‘printf’'],
    ['clang', CLANG16_TWO_ERRORS, 4, 12, "expected ';' at end of declaration"],
  ])('keeps the first of two %s errors', (_compiler, log, line, column, message) => {
    expect(firstCompileError(log)).toMatchObject({ file: 'syntax.c', line, column, message });
  });

  it('takes the first error even when a linker error comes before it', () => {
    expect(firstCompileError(`${GCC_UNDEFINED}${NINJA_GCC}`)).toMatchObject({
      file: '/tmp/blog/ninja-proj/src/broken.c',
      line: 4,
    });
  });

  it.each([
    ['gcc', GCC_MISSING_HEADER, 'missing_header.h: No such file or directory'],
    ['clang', CLANG14_MISSING_HEADER, "'missing_header.h' file not found"],
  ])('reads a %s fatal error', (_compiler, log, message) => {
    expect(firstCompileError(log)).toEqual({
      file: 'missing.c',
      line: 1,
      column: 10,
      message,
      text: `missing.c:1:10: fatal error: ${message}`,
    });
  });

  it.each([
    ['g++', GXX_IN_HEADER, 'inc.h', '‘not_here’ was not declared in this scope'],
    ['clang++', CLANGXX16_IN_HEADER, './inc.h', "use of undeclared identifier 'not_here'"],
  ])('reports the header, not the "In file included from" line, for %s', (_compiler, log, file, message) => {
    expect(firstCompileError(log)).toMatchObject({ file, line: 1, column: 36, message });
  });

  it('reads coloured gcc output through ninja', () => {
    expect(firstCompileError(NINJA_GCC_COLOUR)).toEqual({
      file: '/tmp/blog/ninja-proj/src/broken.c',
      line: 4,
      column: 3,
      message: 'expected ‘,’ or ‘;’ before ‘return’',
      text: '/tmp/blog/ninja-proj/src/broken.c:4:3: error: expected ‘,’ or ‘;’ before ‘return’',
    });
  });

  it('reads coloured clang output', () => {
    expect(firstCompileError(CLANG16_COLOUR)).toMatchObject({
      file: 'syntax.c',
      line: 4,
      column: 12,
      message: "expected ';' at end of declaration",
    });
  });

  it('omits the column when the compiler printed none', () => {
    // The first lines of gcc-12 -fno-show-column -c syntax.c.
    const error = firstCompileError(
      'syntax.c: In function ‘main’:\nsyntax.c:5: error: expected ‘,’ or ‘;’ before ‘printf’\n    5 |   printf("%d\\n", x);\n',
    );
    expect(error).toEqual({
      file: 'syntax.c',
      line: 5,
      message: 'expected ‘,’ or ‘;’ before ‘printf’',
      text: 'syntax.c:5: error: expected ‘,’ or ‘;’ before ‘printf’',
    });
    expect(error).not.toHaveProperty('column');
  });

  it.each([
    ['gcc warnings', GCC_WARNINGS],
    ['clang warnings', CLANG14_WARNINGS],
    ['coloured gcc warnings with hyperlinks', GCC_WARNINGS_COLOUR],
    ['a successful MariaDB build with warnings, notes and troff errors', MARIADB_BUILD_WARNINGS],
    ['a failed download', EP_LIBFMT],
    ['a failed CMake configure', CFG_BAD_COMPILER],
    ['an empty log', ''],
  ])('is undefined for %s', (_what, log) => {
    expect(firstCompileError(log)).toBeUndefined();
  });

  describe('when only the linker failed', () => {
    it('names the object of a GNU ld undefined reference', () => {
      expect(firstCompileError(GCC_UNDEFINED)).toEqual({
        file: '/tmp/ccUYvFTN.o',
        line: 0,
        message: "undefined reference to `foo'",
        text: "link.c:(.text+0x5): undefined reference to `foo'",
      });
    });

    it('reads a clang link through ninja, where ld names the source line (-g)', () => {
      expect(firstCompileError(NINJA_LINK)).toEqual({
        file: 'CMakeFiles/app.dir/src/main.c.o',
        line: 0,
        message: "undefined reference to `helper'",
        text: "/tmp/blog/ninja-proj/link-proj/src/main.c:2: undefined reference to `helper'",
      });
    });

    it.each([
      ['clang', CLANG14_UNDEFINED, '/tmp/link-586d50.o', "undefined reference to `foo'"],
      ['gold', GOLD_UNDEFINED, '/tmp/cczYpFTu.o', "undefined reference to 'foo'"],
      [
        'a multiple definition',
        GCC_MULTIPLE_DEFINITION,
        'd2.o',
        "multiple definition of `foo'; d1.o:d1.c:(.text+0x0): first defined here",
      ],
      ['a missing library', GCC_MISSING_LIBRARY, 'ld', 'cannot find -lnosuchlib: No such file or directory'],
    ])('reads %s', (_what, log, file, message) => {
      expect(firstCompileError(log)).toMatchObject({ file, line: 0, message });
    });

    it('reads lld', () => {
      // Written by hand: lld is not installed here; this is its format.
      expect(
        firstCompileError('ld.lld: error: undefined symbol: foo\n>>> referenced by link.c\n'),
      ).toMatchObject({
        file: 'ld',
        line: 0,
        message: 'undefined symbol: foo',
      });
    });

    it.each([
      ['collect2', 'collect2: error: ld returned 1 exit status', 'ld returned 1 exit status'],
      [
        'clang',
        'clang: error: linker command failed with exit code 1 (use -v to see invocation)',
        'linker command failed with exit code 1 (use -v to see invocation)',
      ],
    ])('falls back on the %s summary when ld said nothing more', (_driver, text, message) => {
      // The last line of GCC_UNDEFINED / CLANG14_UNDEFINED alone, as when the rest was cut off.
      expect(firstCompileError(`[2/2] Linking C executable app\nFAILED: app\n${text}\n`)).toEqual({
        file: 'ld',
        line: 0,
        message,
        text,
      });
    });
  });
});

describe('failedTarget', () => {
  it.each([
    ['a compile', NINJA_GCC, 'CMakeFiles/broken.dir/src/broken.c.o'],
    ['a coloured compile', NINJA_GCC_COLOUR, 'CMakeFiles/broken.dir/src/broken.c.o'],
    ['a link', NINJA_LINK, 'app'],
    ['a download with two outputs', EP_LIBFMT, 'extra/libfmt/src/libfmt-stamp/libfmt-download'],
  ])('names the output of %s', (_what, log, target) => {
    expect(failedTarget(log)).toBe(target);
  });

  it('skips the exit code that ninja 1.12 prints first', () => {
    // Written by hand: ninja 1.12's format.
    expect(failedTarget('FAILED: [code=1] sql/CMakeFiles/sql.dir/sql_parse.cc.o \n')).toBe(
      'sql/CMakeFiles/sql.dir/sql_parse.cc.o',
    );
  });

  it('takes the first of two failures', () => {
    expect(failedTarget(`${NINJA_LINK}${NINJA_GCC}`)).toBe('app');
  });

  it.each([
    ['a successful build', EP_DOWNLOAD_OK],
    ['compiler output alone', GCC_TWO_ERRORS],
    ['an empty log', ''],
  ])('is undefined for %s', (_what, log) => {
    expect(failedTarget(log)).toBeUndefined();
  });
});

describe('ninjaProgress', () => {
  it.each([
    [
      '[123/1296] Building CXX object sql/CMakeFiles/sql.dir/sql_parse.cc.o',
      { done: 123, total: 1296, what: 'Building CXX object sql/CMakeFiles/sql.dir/sql_parse.cc.o' },
    ],
    [
      '[1296/1296] Linking CXX executable sql/mariadbd',
      { done: 1296, total: 1296, what: 'Linking CXX executable sql/mariadbd' },
    ],
    [
      "[2/8] Performing download step (download, verify and extract) for 'libfmt'",
      { done: 2, total: 8, what: "Performing download step (download, verify and extract) for 'libfmt'" },
    ],
  ])('reads %s', (line, progress) => {
    expect(ninjaProgress(line)).toEqual(progress);
  });

  it('reads the last status of a line that ninja rewrote on a terminal', () => {
    expect(ninjaProgress(NINJA_TERMINAL_LINE)).toEqual({
      done: 3,
      total: 5,
      what: 'Building C object CMakeFiles/broken.dir/src/broken.c.o',
    });
  });

  it.each([
    'FAILED: CMakeFiles/broken.dir/src/broken.c.o ',
    'ninja: build stopped: subcommand failed.',
    '    4 |   return (int)n + missing;',
    "-- Using src='https://github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip'",
    '[3/5]',
    '',
  ])('is undefined for %j', (line) => {
    expect(ninjaProgress(line)).toBeUndefined();
  });
});

describe('downloadAttempt', () => {
  it('recognises MariaDB bundled libfmt and names WITH_LIBFMT and libfmt-dev', () => {
    expect(downloadAttempt(EP_LIBFMT)).toEqual({
      url: 'https://github.com/fmtlib/fmt/releases/download/11.0.2/fmt-11.0.2.zip',
      what: 'libfmt',
      hint: 'pass -DWITH_LIBFMT=system (Debian: libfmt-dev)',
    });
  });

  it('recognises the AWS SDK git clone and names PLUGIN_AWS_KEY_MANAGEMENT', () => {
    expect(downloadAttempt(EP_AWS_GIT)).toEqual({
      url: 'https://github.com/awslabs/aws-sdk-cpp.git/',
      what: 'aws-sdk-cpp',
      hint: expect.stringContaining('-DPLUGIN_AWS_KEY_MANAGEMENT=NO') as unknown,
    });
  });

  it('recognises pcre2 from the file name when file(DOWNLOAD) does not repeat the URL', () => {
    expect(downloadAttempt(FILE_DOWNLOAD_PCRE2)).toEqual({
      url: '/tmp/blog/dl/build/pcre2.zip',
      what: 'pcre2',
      hint: 'pass -DWITH_PCRE=system (Debian: libpcre2-dev)',
    });
  });

  it.each([
    ['missing with DOWNLOAD_BOOST off', CFG_BOOST_MISSING],
    ['failing to download', CFG_BOOST_DOWNLOAD],
  ])('recognises MySQL Boost %s and names WITH_BOOST with the version', (_what, log) => {
    expect(downloadAttempt(log)).toEqual({
      url: 'https://archives.boost.io/release/1.77.0/source/boost_1_77_0.tar.bz2',
      what: 'Boost',
      hint: 'pass -DWITH_BOOST=<directory containing boost_1_77_0> (a mysql-boost source tarball ships it) and keep -DDOWNLOAD_BOOST=OFF',
    });
  });

  it('names the host of anything else', () => {
    expect(downloadAttempt(EP_LUA)).toEqual({
      url: 'https://www.lua.org/ftp/lua-5.4.6.tar.gz',
      what: 'www.lua.org',
      hint: 'this build tried to download https://www.lua.org/ftp/lua-5.4.6.tar.gz and the machine may be offline; provide it locally or turn off the option that needs it',
    });
  });

  it('does not take a URL from far before the failure', () => {
    const farAway = `-- Bug reports: https://jira.mariadb.org\n${MARIADB_CONFIGURE_OK.repeat(3)}`;
    expect(downloadAttempt(`${farAway}${FILE_DOWNLOAD_PCRE2}`)?.url).toBe('/tmp/blog/dl/build/pcre2.zip');
  });

  it.each([
    ['a download that worked', EP_DOWNLOAD_OK],
    ['a compile error', NINJA_GCC],
    ['a CMake error about a library', CFG_LIBFMT],
    ['a successful MariaDB configure', MARIADB_CONFIGURE_OK],
    ['a successful MariaDB build', MARIADB_BUILD_WARNINGS],
    ['an empty log', ''],
  ])('is undefined for %s', (_what, log) => {
    expect(downloadAttempt(log)).toBeUndefined();
  });
});

describe('cmakeError', () => {
  it.each([
    [
      'libfmt',
      CFG_LIBFMT,
      'cmake/libfmt.cmake:44: system libfmt library is not found or unusable',
      'install libfmt-dev, or pass -DWITH_LIBFMT=bundled on a machine with internet access',
    ],
    [
      'pcre2',
      CFG_PCRE2,
      'cmake/pcre.cmake:100: system pcre2-8 library is not found or unusable',
      'install libpcre2-dev, or pass -DWITH_PCRE=bundled on a machine with internet access',
    ],
    [
      'OpenSSL',
      CFG_SSL,
      'cmake/ssl.cmake:169: Cannot find appropriate system libraries for SSL. Use WITH_SSL=bundled to enable SSL support',
      'install libssl-dev',
    ],
    [
      'curses, at the project file that asked for it',
      CFG_CURSES,
      'cmake/readline.cmake:55: Could NOT find Curses (missing: CURSES_LIBRARY CURSES_INCLUDE_PATH)',
      'install libncurses-dev',
    ],
    [
      "MySQL's system zstd",
      CFG_MYSQL_ZSTD,
      'cmake/zstd.cmake:100: Cannot find system zstd libraries.',
      'MySQL bundles zstd in extra/: pass -DWITH_ZSTD=bundled (the default here), or install its -dev package (Debian: libzstd-dev)',
    ],
    [
      'bison',
      CFG_BISON,
      'CMakeLists.txt:21: Could NOT find BISON (missing: BISON_EXECUTABLE) (Required is at least version "2.4")',
      'install bison',
    ],
    [
      'the submodules',
      CFG_SUBMODULES,
      'cmake/submodules.cmake:47: No MariaDB Connector/C! Run /usr/bin/git submodule update --init --recursive Then restart the build.',
      'the source tree lacks its git submodules; run git submodule update --init --recursive in it, or build from a release tarball',
    ],
    [
      'ninja',
      CFG_NO_NINJA,
      'CMake was unable to find a build program corresponding to "Ninja". CMAKE_MAKE_PROGRAM is not set. You probably need to select a different build tool.',
      'install ninja (Debian: ninja-build)',
    ],
  ])('summarises missing %s with a hint', (_what, log, summary, hint) => {
    expect(cmakeError(log)).toEqual({ summary, hint });
  });

  it('names the wrong compiler path', () => {
    const error = cmakeError(CFG_BAD_COMPILER);
    expect(error?.summary).toMatch(
      /^CMakeLists\.txt:2: The CMAKE_CXX_COMPILER: \/usr\/bin\/g\+\+-99 is not a full path to an existing compiler tool\. Tell CMake/,
    );
    expect(error?.hint).toBe(
      'the compiler path is wrong: /usr/bin/g++-99 does not exist; choose an installed gcc or clang as the compiler',
    );
  });

  it('points MySQL at a local Boost', () => {
    expect(cmakeError(CFG_BOOST_MISSING)?.hint).toBe(
      'pass -DWITH_BOOST=<directory containing boost_1_77_0> (a mysql-boost source tarball ships it) and keep -DDOWNLOAD_BOOST=OFF',
    );
  });

  it('makes one line of a long message and cuts it', () => {
    const error = cmakeError(EP_LIBFMT);
    expect(error?.summary).toMatch(
      /^libfmt-stamp\/download-libfmt\.cmake:170: Each download failed! error: downloading 'https:\/\/github\.com\/fmtlib\/fmt\/releases\/download\/11\.0\.2\/fmt-11\.0\.2\.zip' failed status_code: 7 status_string: "Couldn't connect to server" log: --- LOG BEGIN --- .*\S…$/,
    );
    expect(error?.summary).not.toMatch(/\n| {2}/);
    expect(error?.summary.length).toBeLessThanOrEqual(
      'libfmt-stamp/download-libfmt.cmake:170: '.length + 301,
    );
    expect(error).not.toHaveProperty('hint');
  });

  it('reads an error at generate time, which names only the file', () => {
    expect(cmakeError(CFG_GENERATE_ERROR)).toEqual({
      summary: expect.stringMatching(
        /^CMakeLists\.txt: Imported target "ext" includes non-existent path "\/nonexistent\/include" in its INTERFACE_INCLUDE_DIRECTORIES\. Possible reasons include: \* The path was deleted/,
      ) as unknown,
    });
  });

  it('takes the first of several errors', () => {
    expect(cmakeError(`${CFG_PCRE2}${CFG_LIBFMT}`)?.summary).toBe(
      'cmake/pcre.cmake:100: system pcre2-8 library is not found or unusable',
    );
  });

  it.each([
    ['a successful MariaDB configure', MARIADB_CONFIGURE_OK],
    ['a configure with a CMake warning', CFG_WARNING_ONLY],
    ['a compile error', NINJA_GCC],
    ['an empty log', ''],
  ])('is undefined for %s', (_what, log) => {
    expect(cmakeError(log)).toBeUndefined();
  });
});
