/*
 * A server made slower in wall time without changing what it computes: every recv() that returns
 * data (a client's statement arriving) is followed by SPIN_NS nanoseconds of spinning on the
 * receiving thread (default 10000), as slower statement handling would add. Linked into a copy of
 * mariadbd/mysqld with
 *
 *   gcc -O2 -shared -fPIC -o libslow.so slow-recv.c -ldl
 *   patchelf --add-needed "$PWD/libslow.so" copy/mariadbd
 *
 * so only that copy is slowed, whatever environment both sides of a run share.
 *
 * Why after the recv() and not before it: a spin before recv() is busy-polling. The client's next
 * statement arrives while the server spins, so recv() finds it at once instead of sleeping in
 * poll() and being woken, and a point select got faster (13,021 → 28,739 tps with 3 µs).
 *
 * STALL_PERIOD_NS makes a slower tail instead of a slower whole: the server stalls for SPIN_NS
 * at the start of every STALL_PERIOD_NS of wall time, and a statement that arrives during a stall
 * sleeps until it ends (no spinning, so the CPU is free). With a 1 ms stall every 50 ms, 2% of
 * the time is stalled: throughput falls by about that much, the median stays, and the events
 * caught in a stall (about 2%) wait up to 1 ms, which moves the 99th percentile.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>

static ssize_t (*real_recv)(int, void *, size_t, int);
static long spin_ns = -1;
static long stall_period_ns = 0;

static long elapsed_ns(const struct timespec *from, const struct timespec *to) {
  return (to->tv_sec - from->tv_sec) * 1000000000L + (to->tv_nsec - from->tv_nsec);
}

static long env_long(const char *name, long fallback) {
  const char *text = getenv(name);
  return text != NULL ? atol(text) : fallback;
}

/* In a stall (the first spin_ns of each period): sleep until it ends. */
static void stall(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  long into = (long)((now.tv_sec % 1000) * 1000000000L + now.tv_nsec) % stall_period_ns;
  if (into >= spin_ns) return;
  long left = spin_ns - into;
  struct timespec wait = {left / 1000000000L, left % 1000000000L};
  nanosleep(&wait, NULL);
}

static void spin(void) {
  if (spin_ns < 0) {
    stall_period_ns = env_long("STALL_PERIOD_NS", 0);
    spin_ns = env_long("SPIN_NS", 10000);
  }
  if (stall_period_ns > 0) {
    stall();
    return;
  }
  struct timespec start, now;
  clock_gettime(CLOCK_MONOTONIC, &start);
  do {
    clock_gettime(CLOCK_MONOTONIC, &now);
  } while (elapsed_ns(&start, &now) < spin_ns);
}

ssize_t recv(int fd, void *buf, size_t len, int flags) {
  if (real_recv == NULL) real_recv = (ssize_t(*)(int, void *, size_t, int))dlsym(RTLD_NEXT, "recv");
  ssize_t received = real_recv(fd, buf, len, flags);
  if (received > 0) spin();
  return received;
}
