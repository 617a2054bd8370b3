"""Reference p-values for __tests__/stats/mann-whitney.test.ts, from scipy.stats.mannwhitneyu.

Run: .work/stats-reference/bin/python __fixtures__/stats/mann_whitney_reference.py   (about 1 s)
Prints JSON: every case's samples x and y, U, the method and the three p-values. Each case is
computed with scipy forced to the method our implementation uses for it: 'exact' when there are
no ties and n1*n2 <= 2500, otherwise 'asymptotic' (scipy's default use_continuity=True). Long
samples are built from integer formulas, so the cases stay short to read.
"""
import json

import numpy as np
import scipy
from scipy import stats

cases = {
    "3v3 separated": ([1, 2, 3], [4, 5, 6]),
    "5v5 separated": ([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]),
    "5v5 interleaved": ([1.1, 2.5, 3.3, 7.2, 9.9], [2.0, 4.1, 5.5, 6.0, 8.8]),
    "7v6 tps": ([812.4, 790.1, 805.7, 799.9, 788.0, 830.2, 801.3], [780.2, 779.5, 795.5, 770.8, 801.0, 785.3]),
    "4v9": ([3.1, 0.4, 2.2, 5.9], [1.0, 4.4, 6.3, 7.7, 2.9, 8.1, 5.2, 9.6, 6.8]),
    "1v1": ([1], [2]),
    "12v15 (scipy auto would be asymptotic)": (
        [((7 * i) % 29) + 0.25 for i in range(12)],
        [((11 * i) % 31) + 3.5 for i in range(15)],
    ),
    "50v50 (largest exact)": (
        [((7 * i) % 103) + 0.25 for i in range(50)],
        [((11 * i) % 97) + 10.5 for i in range(50)],
    ),
    "51v50 no ties (asymptotic)": (
        [((7 * i) % 103) + 0.25 for i in range(51)],
        [((11 * i) % 97) + 10.5 for i in range(50)],
    ),
    "5v5 ties": ([100, 101, 101, 103, 104], [101, 102, 104, 104, 105]),
    "3v3 latency ties": ([1.23, 1.25, 1.25], [1.25, 1.27, 1.30]),
    "20v25 integer ties": ([(3 * i) % 17 for i in range(20)], [(5 * i) % 19 + 2 for i in range(25)]),
    "all tied": ([5, 5, 5], [5, 5]),
    "6v1 ties": ([100, 100, 100, 100, 90, 95], [100]),
}

results = []
for name, (x, y) in cases.items():
    pooled = np.concatenate([x, y])
    ties = len(np.unique(pooled)) < len(pooled)
    method = "exact" if not ties and len(x) * len(y) <= 2500 else "asymptotic"
    case = {"name": name, "x": [float(v) for v in x], "y": [float(v) for v in y], "method": method}
    for alternative, key in [("two-sided", "twoSided"), ("less", "less"), ("greater", "greater")]:
        result = stats.mannwhitneyu(x, y, alternative=alternative, method=method)
        case["u"] = float(result.statistic)
        case[key] = float(result.pvalue)
    results.append(case)
print(json.dumps({"versions": {"scipy": scipy.__version__, "numpy": np.__version__}, "cases": results}))
