"""Reference values for __tests__/stats/normal.test.ts, from scipy.stats.norm and mpmath.

Run: .work/stats-reference/bin/python __fixtures__/stats/normal_reference.py   (about 1 s)
Prints JSON: "cdf", rows [x, scipy cdf, scipy sf, exact cdf, exact sf]; "ppf", rows [p, scipy ppf,
exact ppf].
Points cover every branch of Cody's approximation (|x| <= 0.674, <= sqrt(32), < 37.5) and of
AS 241 (|p - 0.5| <= 0.425, r <= 5, r > 5). mpmath at 50 digits is the exact value; scipy's
ndtr (Cephes) is itself off by up to ~1e-13 relative in the far tail (x = 20, -37), which is
why the test holds scipy to a looser tolerance than mpmath. At x = 38 the exact tail, 2.9e-316,
is subnormal; scipy and our implementation (after R) both return 0 there.
"""
import json

import mpmath as mp
import scipy
from scipy.stats import norm

mp.mp.dps = 50
xs = [0.0, 1e-20, 0.3, -0.6744, 0.6745, 1.0, -1.6448536269514722, 1.959963984540054, -2.5, 3.0,
      5.0, -5.656, 5.66, 7.5, -10.0, 20.0, -37.0, 38.0]
ps = [1e-300, 1e-20, 1e-12, 1e-6, 0.001, 0.01, 0.05, 0.074, 0.076, 0.2, 0.5, 0.8, 0.9, 0.95,
      0.975, 0.99, 0.999999, 1 - 1e-12]


def exact_sf(x):
    return float(mp.erfc(mp.mpf(x) / mp.sqrt(2)) / 2)


def exact_ppf(p):
    return float(mp.findroot(lambda z: mp.ncdf(z) - mp.mpf(p), float(norm.ppf(p))))


print(json.dumps({
    "versions": {"scipy": scipy.__version__, "mpmath": mp.__version__},
    "cdf": [[x, float(norm.cdf(x)), float(norm.sf(x)), exact_sf(-x), exact_sf(x)] for x in xs],
    "ppf": [[p, float(norm.ppf(p)), exact_ppf(p)] for p in ps],
}))
