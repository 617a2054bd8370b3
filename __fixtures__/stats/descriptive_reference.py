"""Reference values for __tests__/stats/descriptive.test.ts, from numpy and scipy.stats.

Run: .work/stats-reference/bin/python __fixtures__/stats/descriptive_reference.py   (about 1 s)
Prints JSON: for seven oltp_read_write TPS-like values with one repeated, numpy.quantile (the
default linear method, Hyndman & Fan type 7) at several q, the median (of all seven and of the
first six), the mean, the sample standard deviation (ddof=1), the median absolute deviation and
the robust coefficient of variation median_abs_deviation(scale='normal')/median; and, for
values more than half of which are equal (a MAD of 0), the standard deviation over the mean.
"""
import json

import numpy as np
import scipy
from scipy import stats

tps = [812.4, 790.1, 805.7, 799.9, 790.1, 830.2, 801.3]
qs = [0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.975, 1]
mostly_equal = [100, 100, 100, 100, 90]

print(json.dumps({
    "versions": {"numpy": np.__version__, "scipy": scipy.__version__},
    "tps": tps,
    "quantiles": [[q, float(np.quantile(tps, q))] for q in qs],
    "median": float(np.median(tps)),
    "medianFirstSix": float(np.median(tps[:6])),
    "mean": float(np.mean(tps)),
    "stdDev": float(np.std(tps, ddof=1)),
    "mad": float(stats.median_abs_deviation(tps)),
    "robustCv": float(stats.median_abs_deviation(tps, scale="normal") / np.median(tps)),
    "mostlyEqual": mostly_equal,
    "mostlyEqualCv": float(np.std(mostly_equal, ddof=1) / np.mean(mostly_equal)),
}))
