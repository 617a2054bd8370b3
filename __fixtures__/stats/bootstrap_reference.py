"""Reference bootstrap distributions for __tests__/stats/bootstrap.test.ts (numpy, scipy).

Run: .work/stats-reference/bin/python __fixtures__/stats/bootstrap_reference.py   (about 15 s)
     .work/stats-reference/bin/python __fixtures__/stats/bootstrap_reference.py --exact-only   (1 s)
Prints JSON. With --exact-only, only part 1's exact distribution, which the test computes on
every run; part 1's numpy check and part 2 take 10-20 s, so the test carries their output pasted.

1. Five values per side: the bootstrap distribution of median(head*)/median(base*) is known
   exactly. For odd n the resample median is one of the sorted values x(1) <= ... <= x(n), and
   P(median* <= x(k)) = P(Binomial(n, k/n) >= (n+1)/2). The 25 possible ratios and their
   probabilities are printed; a 2,000,000-resample numpy percentile bootstrap is printed beside
   them as a check of this derivation.
2. Twenty values per side: a 2,000,000-resample numpy percentile bootstrap gives the interval
   (its own Monte Carlo error is about 1/14 of a 10,000-resample one), and 400 repetitions of a
   10,000-resample bootstrap give the standard deviation of each end, which sets the tolerance.
"""
import json
import sys

import numpy as np
import scipy
from scipy import stats

rng = np.random.default_rng(20240611)


def percentile_bootstrap(base, head, resamples, confidence=0.95, chunk=200_000):
    base, head = np.asarray(base, float), np.asarray(head, float)
    ratios = []
    left = resamples
    while left > 0:
        size = min(chunk, left)
        b = np.median(base[rng.integers(0, len(base), (size, len(base)))], axis=1)
        h = np.median(head[rng.integers(0, len(head), (size, len(head)))], axis=1)
        ratios.append(h / b)
        left -= size
    tail = (1 - confidence) / 2
    return np.percentile(np.concatenate(ratios), [100 * tail, 100 * (1 - tail)])


def exact_median_distribution(xs):
    xs = np.sort(np.asarray(xs, float))
    n = len(xs)
    assert n % 2 == 1
    at_most = [stats.binom.sf((n + 1) // 2 - 1, n, k / n) for k in range(n + 1)]
    return xs, np.diff(at_most)


base5 = [1012.3, 998.7, 1005.1, 990.4, 1020.8]
head5 = [985.2, 970.9, 992.6, 978.3, 1001.7]
bv, bp = exact_median_distribution(base5)
hv, hp = exact_median_distribution(head5)
atoms = sorted((float(h / b), float(hpk * bpk)) for h, hpk in zip(hv, hp) for b, bpk in zip(bv, bp))
output = {
    "versions": {"scipy": scipy.__version__, "numpy": np.__version__},
    "base5": base5,
    "head5": head5,
    "exact5Plus5": atoms,
    "totalProbability": sum(p for _, p in atoms),
}
if "--exact-only" not in sys.argv[1:]:
    output["numpy5Plus5"] = [float(v) for v in percentile_bootstrap(base5, head5, 2_000_000)]
    base20 = [1000 + ((37 * i) % 41) * 0.7 for i in range(20)]
    head20 = [985 + ((29 * i) % 43) * 0.6 for i in range(20)]
    output["ratio20Plus20"] = float(np.median(head20) / np.median(base20))
    output["numpy20Plus20"] = [float(v) for v in percentile_bootstrap(base20, head20, 2_000_000)]
    ends = np.array([percentile_bootstrap(base20, head20, 10_000) for _ in range(400)])
    output["endsSd20Plus20"] = [float(v) for v in ends.std(axis=0, ddof=1)]
print(json.dumps(output))
