"""Reference adjusted p-values for __tests__/stats/fdr.test.ts and multiple.test.ts, from statsmodels.

Run: .work/stats-reference/bin/python __fixtures__/stats/multiple_testing_reference.py   (about 2 s)
Prints JSON: for each family of p-values, statsmodels.stats.multitest.multipletests' adjusted
p-values by Benjamini-Hochberg ("fdrBh", method 'fdr_bh') and by Holm ("holm", method 'holm').
The families: small hand-made ones (ties, values above 1 after adjustment, a single p-value, six
complete separations of 5 vs 5 at 1/252) and a longer one built from an integer formula.
"""
import json

import statsmodels
from statsmodels.stats.multitest import multipletests

families = [
    [0.01, 0.04, 0.03, 0.005],
    [0.05, 0.5, 0.2, 0.001, 0.9, 0.04],
    [0.01, 0.04, 0.03, 0.005, 0.2, 0.04, 0.9, 0.0001],
    [0.5, 0.6, 0.7],
    [0.9, 0.95, 1.0],
    [0.03],
    [1 / 252] * 6,
    [(((37 * i) % 101) + 1) ** 3 / 102**3 for i in range(40)],
]

print(json.dumps({
    "versions": {"statsmodels": statsmodels.__version__},
    "families": [
        {
            "pValues": family,
            "fdrBh": [float(p) for p in multipletests(family, method="fdr_bh")[1]],
            "holm": [float(p) for p in multipletests(family, method="holm")[1]],
        }
        for family in families
    ],
}))
