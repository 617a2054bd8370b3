/* Prints what `mysqld --version` prints, so the tool can inspect the installed prefix. */
#include <stdio.h>
#include <string.h>

const char *bundled_version(void);

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--version") == 0) {
      printf("%s  Ver %s for Linux on x86_64 (Source distribution)\n", argv[0], bundled_version());
      return 0;
    }
  }
  fprintf(stderr, "this is a stand-in that only answers --version\n");
  return 1;
}
