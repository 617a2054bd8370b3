/*
 * A server made slower in wall time without changing what it computes: every recv() the server
 * makes first spins for SPIN_NS nanoseconds (default 10000) on its own thread, as a slower network
 * stack or a busier core would. Linked into a copy of mariadbd/mysqld with
 *
 *   gcc -O2 -shared -fPIC -o libspin.so spin-before-recv.c -ldl
 *   patchelf --add-needed "$PWD/libspin.so" copy/mariadbd
 *
 * so only that copy is slowed, whatever environment both sides of a run share. A statement is one
 * recv() or two (when the first finds nothing and the server polls), so a point select at about
 * 100 µs per transaction gets about 10% slower with the default.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>

static ssize_t (*real_recv)(int, void *, size_t, int);
static long spin_ns = -1;

static long elapsed_ns(const struct timespec *from, const struct timespec *to) {
  return (to->tv_sec - from->tv_sec) * 1000000000L + (to->tv_nsec - from->tv_nsec);
}

static void spin(void) {
  if (spin_ns < 0) {
    const char *text = getenv("SPIN_NS");
    spin_ns = text != NULL ? atol(text) : 10000;
  }
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do {
    clock_gettime(CLOCK_MONOTONIC, &now);
  } while (elapsed_ns(&start, &now) < spin_ns);
}

ssize_t recv(int fd, void *buf, size_t len, int flags) {
  if (real_recv == NULL) real_recv = (ssize_t(*)(int, void *, size_t, int))dlsym(RTLD_NEXT, "recv");
  spin();
  return real_recv(fd, buf, len, flags);
}
