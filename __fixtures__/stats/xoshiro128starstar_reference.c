/* Reference outputs for __tests__/stats/random.test.ts.
 *
 * Run: gcc -O2 -o /tmp/xoshiro_reference __fixtures__/stats/xoshiro128starstar_reference.c && /tmp/xoshiro_reference
 *
 * next() and splitmix64_next() are Blackman & Vigna's reference code, copied unchanged from
 * https://prng.di.unimi.it/xoshiro128starstar.c (version 1.1) and
 * https://prng.di.unimi.it/splitmix64.c (both public domain, CC0). Only main() is ours: it seeds
 * the way src/stats/random.ts documents (the first two SplitMix64 outputs of the seed, low 32 bits
 * first) and prints the first outputs.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

/* ---- xoshiro128starstar.c ---- */
static inline uint32_t rotl(const uint32_t x, int k) {
	return (x << k) | (x >> (32 - k));
}

static uint32_t s[4];

uint32_t next(void) {
	const uint32_t result = rotl(s[1] * 5, 7) * 9;

	const uint32_t t = s[1] << 9;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];

	s[2] ^= t;

	s[3] = rotl(s[3], 11);

	return result;
}

/* ---- splitmix64.c (its next() renamed, since both files define next) ---- */
static uint64_t x; /* The state can be seeded with any value. */

uint64_t splitmix64_next() {
	uint64_t z = (x += 0x9e3779b97f4a7c15);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
	return z ^ (z >> 31);
}

/* ---- ours ---- */
int main(void) {
	const uint64_t seeds[] = {0, 1, 0x5eed, 4294967295u, 9007199254740991u};
	for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++) {
		x = seeds[i];
		const uint64_t first = splitmix64_next();
		const uint64_t second = splitmix64_next();
		s[0] = (uint32_t)first;
		s[1] = (uint32_t)(first >> 32);
		s[2] = (uint32_t)second;
		s[3] = (uint32_t)(second >> 32);
		printf("  [%" PRIu64 ", [", seeds[i]);
		for (int j = 0; j < 8; j++) printf(j ? ", %" PRIu32 : "%" PRIu32, next());
		printf("]],\n");
	}
	return 0;
}
