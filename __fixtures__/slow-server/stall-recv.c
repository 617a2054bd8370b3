/*
 * A server that stalls now and then with about the same mean throughput: every STALL_EVERY_MIN_MS
 * to STALL_EVERY_MAX_MS of wall time (uniformly drawn, default 4,000 to 8,000), the thread whose
 * recv() returns a statement takes one global lock and sleeps STALL_MS (default 700) holding it;
 * every other thread whose recv() returns meanwhile blocks on that lock, so the whole server stops
 * answering, as a checkpoint or a purge holding a latch would make it. Between stalls the lock is
 * taken and let go at once (tens of nanoseconds per statement). Linked into a copy of
 * mariadbd/mysqld with
 *
 *   gcc -O2 -shared -fPIC -o libstall.so stall-recv.c -lpthread
 *   patchelf --add-needed "$PWD/libstall.so" copy/mariadbd
 *
 * The figures are compile-time (-DSTALL_MS=1000 …): the tool gives servers an allow-listed
 * environment, so a variable set around a run would never reach the server.
 *
 * The sleep comes after the statement arrived, as in slow-recv.c: before it, the client's next
 * statement would arrive during the sleep and nothing would wait.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>

#ifndef STALL_MS
#define STALL_MS 2000
#endif
#ifndef STALL_EVERY_MIN_MS
#define STALL_EVERY_MIN_MS 4000
#endif
#ifndef STALL_EVERY_MAX_MS
#define STALL_EVERY_MAX_MS 6000
#endif

static ssize_t (*real_recv)(int, void *, size_t, int);
static pthread_mutex_t stall_lock = PTHREAD_MUTEX_INITIALIZER;
/* When the next stall starts (CLOCK_MONOTONIC, ms); 0 until the first statement. Under stall_lock. */
static long long next_stall_ms = 0;
static unsigned int seed = 12345;

static long long now_ms(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (long long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static long long gap_ms(void) {
  return STALL_EVERY_MIN_MS + rand_r(&seed) % (STALL_EVERY_MAX_MS - STALL_EVERY_MIN_MS + 1);
}

/* Blocks while another thread stalls; stalls itself when the time has come. */
static void maybe_stall(void) {
  pthread_mutex_lock(&stall_lock);
  long long now = now_ms();
  if (next_stall_ms == 0) {
    next_stall_ms = now + gap_ms();
  } else if (now >= next_stall_ms) {
    struct timespec wait = {STALL_MS / 1000, (STALL_MS % 1000) * 1000000L};
    nanosleep(&wait, NULL);
    next_stall_ms = now_ms() + gap_ms();
  }
  pthread_mutex_unlock(&stall_lock);
}

ssize_t recv(int fd, void *buf, size_t len, int flags) {
  if (real_recv == NULL) real_recv = (ssize_t(*)(int, void *, size_t, int))dlsym(RTLD_NEXT, "recv");
  ssize_t received = real_recv(fd, buf, len, flags);
  if (received > 0) maybe_stall();
  return received;
}
