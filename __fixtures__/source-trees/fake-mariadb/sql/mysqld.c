/* Prints what `mariadbd --version` prints, so the tool can inspect the installed prefix. */
#include <stdio.h>
#include <string.h>

#include "my_config.h"

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--version") == 0) {
#ifdef FAKE_BAD_VERSION
      printf("hello from something that is not a server\n");
#else
      printf("%s  Ver 10.11.18-MariaDB for Linux on x86_64 (fake server for tests)\n", argv[0]);
#endif
      return 0;
    }
  }
  fprintf(stderr, "this is a stand-in (home %s) that only answers --version\n", DEFAULT_MYSQL_HOME);
  return 1;
}
