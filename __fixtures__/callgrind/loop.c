/* Tiny program whose callgrind profiles are fixtures for src/cost/callgrind.ts (see README.md). */
#include <stdio.h>

#define ITERATIONS 1000

__attribute__((noinline)) static unsigned long mix(unsigned long x) {
  return (x * 2654435761UL) ^ (x >> 7);
}

__attribute__((noinline)) static unsigned long spin(int iterations) {
  unsigned long acc = 1;
  for (int i = 0; i < iterations; i++) {
    acc += mix(acc + (unsigned long)i);
  }
  return acc;
}

int main(void) {
  printf("%lu\n", spin(ITERATIONS));
  return 0;
}
