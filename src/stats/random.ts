// A small seeded pseudo-random generator, so that a resampling statistic computed twice from the
// same input gives the same answer: a verdict must not change because it was rendered again.
import { StatisticsError } from '../errors.js';

import { assertInteger } from './validate.js';

const MASK_64 = (1n << 64n) - 1n;
const TWO_TO_32 = 4294967296;
// Bound once: under Jest every test runs in a vm context, where each lookup of a global such as
// `Math` costs a C++ interceptor call; in the draw loop that made the bootstrap 25 times slower.
const { imul } = Math;

/**
 * SplitMix64 (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number generators",
 * OOPSLA), as in Vigna's reference https://prng.di.unimi.it/splitmix64.c. Used only to expand a
 * seed into a full xoshiro state, as Blackman & Vigna recommend.
 */
function splitMix64(seed: bigint): () => bigint {
  let x = seed;
  return () => {
    x = (x + 0x9e3779b97f4a7c15n) & MASK_64;
    let z = x;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK_64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK_64;
    return z ^ (z >> 31n);
  };
}

function rotateLeft(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/**
 * xoshiro128** 1.1: Blackman, D. & Vigna, S. (2021), "Scrambled linear pseudorandom number
 * generators", ACM Transactions on Mathematical Software 47(4):36; reference C at
 * https://prng.di.unimi.it/xoshiro128starstar.c. 128-bit state, period 2¹²⁸ − 1, passes
 * BigCrush. The scrambler reads s[1] (version 1.0 and some ports wrongly read s[0]).
 */
export class Xoshiro128StarStar {
  #s0: number;
  #s1: number;
  #s2: number;
  #s3: number;

  /**
   * Seeds the state with the first two SplitMix64 outputs of `seed`, low word first. SplitMix64's
   * output function is a bijection of its counter, so two consecutive outputs are never both 0
   * and the all-zero state (a fixed point) cannot occur.
   */
  constructor(seed: number) {
    assertInteger(seed, 'seed', 0);
    const next = splitMix64(BigInt(seed));
    const first = next();
    const second = next();
    this.#s0 = Number(first & 0xffffffffn);
    this.#s1 = Number(first >> 32n);
    this.#s2 = Number(second & 0xffffffffn);
    this.#s3 = Number(second >> 32n);
  }

  /** The next 32-bit output, as an integer in [0, 2³²). */
  nextUint32(): number {
    const s1 = this.#s1;
    const result = imul(rotateLeft(imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    this.#s2 ^= this.#s0;
    this.#s3 ^= s1;
    this.#s1 = s1 ^ this.#s2;
    this.#s0 ^= this.#s3;
    this.#s2 ^= t;
    this.#s3 = rotateLeft(this.#s3, 11);
    return result;
  }

  /** A uniform double in [0, 1) with 32 random bits. */
  nextFloat(): number {
    return this.nextUint32() / TWO_TO_32;
  }

  /**
   * A uniform integer in [0, bound), exactly uniform: outputs at or above the largest multiple of
   * `bound` below 2³² are rejected before taking the remainder (Knuth, TAOCP vol. 2, §3.4.1).
   * Rejection is rare (probability below bound/2³²), so the sequence rarely depends on it.
   */
  nextIntBelow(bound: number): number {
    // Checked without globals (see `imul` above): this runs once per draw.
    if (!(bound % 1 === 0 && bound >= 1 && bound <= TWO_TO_32)) {
      throw new StatisticsError(`bound must be an integer from 1 to 2^32; got ${String(bound)}`);
    }
    const limit = TWO_TO_32 - (TWO_TO_32 % bound);
    for (;;) {
      const x = this.nextUint32();
      if (x < limit) return x % bound;
    }
  }
}

/** A generator seeded with `seed`, a non-negative safe integer; same seed, same sequence. */
export function createRng(seed: number): Xoshiro128StarStar {
  return new Xoshiro128StarStar(seed);
}
