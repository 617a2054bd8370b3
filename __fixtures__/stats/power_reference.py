"""Reference values for __tests__/stats/power.test.ts, from scipy.

Run: .work/stats-reference/bin/python __fixtures__/stats/power_reference.py   (about 1 s)
Prints JSON:
- "minimumRepetitions": per alpha, the least n whose exact one-sided Mann-Whitney p-value can
  reach it, 1/C(2n, n) <= alpha (scipy.special.comb, exact integers);
- "minimumDetectableEffect": (z_(1-alpha) + z_power) * cv * sqrt(2/n), z from scipy.stats.norm;
- "repetitionsToResolve": ceil(2 * ((z_(1-alpha) + z_power) * cv / effect)^2), and that raised to
  the least n above ("atLeast"), below which the rank test cannot reach alpha at all.
"""
import json
from math import ceil, sqrt

import scipy
from scipy.special import comb
from scipy.stats import norm


def minimum_repetitions(alpha):
    return next(n for n in range(1, 100) if 1 / comb(2 * n, n, exact=True) <= alpha)


alphas = [0.5, 0.2, 0.05, 0.0143, 0.0142, 0.01, 0.001, 1e-6]
# [cv, n, alpha, power]
effects = [(0.02, 5, 0.05, 0.8), (0.01, 10, 0.01, 0.9), (0.035, 3, 0.05, 0.8), (0.005, 30, 0.001, 0.5)]
# [cv, effect, alpha, power]
resolves = [
    (0.02, 0.05, 0.05, 0.8),
    (0.02, 0.01, 0.05, 0.8),
    (0.05, 0.02, 0.01, 0.9),
    (0.1, 0.03, 0.05, 0.8),
    (0.001, 0.05, 0.001, 0.8),
]

print(json.dumps({
    "versions": {"scipy": scipy.__version__},
    "minimumRepetitions": [{"alpha": a, "n": minimum_repetitions(a)} for a in alphas],
    "minimumDetectableEffect": [
        {"cv": cv, "n": n, "alpha": a, "power": w, "effect": float((norm.ppf(1 - a) + norm.ppf(w)) * cv * sqrt(2 / n))}
        for cv, n, a, w in effects
    ],
    "repetitionsToResolve": [
        {
            "cv": cv,
            "effect": e,
            "alpha": a,
            "power": w,
            "n": ceil(2 * ((norm.ppf(1 - a) + norm.ppf(w)) * cv / e) ** 2),
            "atLeast": max(ceil(2 * ((norm.ppf(1 - a) + norm.ppf(w)) * cv / e) ** 2), minimum_repetitions(a)),
        }
        for cv, e, a, w in resolves
    ],
}))
