// The E-Divisive means statistic Q̂ of Matteson & James (2014) with α = 1, computed as Apache
// Otava computes it (otava/change_point_divisive/calculator.py, PairDistanceCalculator), in the
// same order of operations so that ties and maxima fall on the same indices.
// Matteson, D. S. & James, N. A. (2014), "A Nonparametric Approach for Multiple Change Point
// Analysis of Multivariate Data", JASA 109(505):334–345, https://doi.org/10.48550/arXiv.1306.4933.
import { valueAt } from './descriptive.js';

/** The best split of an interval: its first index after the split and the statistic there. */
export interface Candidate {
  index: number;
  qhat: number;
}

/** A half-open interval [start, end) of the series. */
export interface Interval {
  start: number;
  end: number;
}

/** Pairwise distances of one series and the running sums V and H Otava precomputes from them. */
export class PairDistances {
  private readonly n: number;
  private readonly distances: Float64Array;
  private readonly v: Float64Array;
  private readonly h: Float64Array;

  /**
   * distances[i][j] = |xᵢ − xⱼ| (α = 1); with T = triu(distances, 1)[:-1, 1:],
   * V = T.sum(axis=0) and H = T.cumsum(axis=1), each summed in numpy's order.
   */
  constructor(series: ArrayLike<number>) {
    const n = series.length;
    this.n = n;
    this.distances = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        this.distances[i * n + j] = Math.abs(valueAt(series, i) - valueAt(series, j));
      }
    }
    const m = Math.max(n - 1, 0);
    const upper = (r: number, c: number): number => (c + 1 > r ? this.distance(r, c + 1) : 0);
    this.v = new Float64Array(m);
    this.h = new Float64Array(m * m);
    for (let r = 0; r < m; r++) {
      let running = 0;
      for (let c = 0; c < m; c++) {
        this.v[c] = valueAt(this.v, c) + upper(r, c);
        running += upper(r, c);
        this.h[r * m + c] = running;
      }
    }
  }

  private distance(i: number, j: number): number {
    return valueAt(this.distances, i * this.n + j);
  }

  private hAt(r: number, c: number): number {
    return valueAt(this.h, r * (this.n - 1) + c);
  }

  /** V restricted to [start, end): V[start+k] − Σ_{r<start} distances[r][start+1+k]. */
  private windowV(start: number, end: number): Float64Array {
    const m = end - 1 - start;
    return Float64Array.from({ length: m }, (_, k) => {
      let above = 0;
      for (let r = 0; r < start; r++) above += this.distance(r, start + 1 + k);
      return valueAt(this.v, start + k) - above;
    });
  }

  /**
   * Q(τ, κ) = A − B − C for start < τ < κ ≤ end, as `_get_Q_vals` builds the matrix
   * (row i: τ = start+1+i; column j: κ = start+2+j; zero below the diagonal), with
   * A = 2/(κ−s)·(ΣH − ΣV), B = 2(κ−τ)/((κ−s)(τ−s−1))·ΣV, C = 2(τ−s)/((κ−s)(κ−τ−1))·ΣH.
   */
  qMatrix(start: number, end: number): Float64Array {
    const m = end - 1 - start;
    const hw = (i: number, j: number): number => this.hAt(start + i, start + j);
    const cumV = new Float64Array(m);
    this.windowV(start, end).reduce((acc, x, k) => (cumV[k] = acc + x), 0);
    const q = new Float64Array(m * m);
    const columnDown = new Float64Array(m);
    const columnUp = new Float64Array(m);
    for (let j = 0; j < m; j++) {
      for (let i = m - 1; i >= 1; i--) {
        columnUp[i] = (i === m - 1 ? 0 : valueAt(columnUp, i + 1)) + hw(i, j);
      }
      let down = 0;
      for (let i = 0; i < m; i++) {
        down += hw(i, j);
        columnDown[i] = down;
        const cv = i === 0 ? 0 : valueAt(cumV, i - 1);
        const a = j >= i ? (2 / (j + 2)) * (valueAt(columnDown, i) - cv) : 0;
        const b = i >= 1 && j >= i ? ((2 * (j - i + 1)) / ((j + 2) * i)) * cv : 0;
        const c = i <= m - 2 && j > i ? ((2 * (i + 1)) / ((j + 2) * (j - i))) * valueAt(columnUp, i + 1) : 0;
        q[i * m + j] = a - b - c;
      }
    }
    return q;
  }

  /** The first maximum of Q over [start, end) (numpy's argmax order): τ = start + 1 + row. */
  candidate(interval: Interval): Candidate {
    const { start, end } = interval;
    const m = end - 1 - start;
    const q = this.qMatrix(start, end);
    let best = 0;
    for (let k = 1; k < q.length; k++) {
      if (valueAt(q, k) > valueAt(q, best)) best = k;
    }
    return { index: Math.trunc(best / m) + 1 + start, qhat: valueAt(q, best) };
  }

  /** Otava's `get_next_candidate`: the candidate of largest Q̂ over intervals longer than 1. */
  nextCandidate(intervals: readonly Interval[]): Candidate | undefined {
    let best: Candidate | undefined;
    for (const interval of intervals) {
      if (interval.end - interval.start <= 1) continue;
      const candidate = this.candidate(interval);
      if (best === undefined || candidate.qhat > best.qhat) best = candidate;
    }
    return best;
  }
}
