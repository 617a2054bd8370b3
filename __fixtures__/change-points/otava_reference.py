"""Reference change points from Apache Otava for __tests__/stats/change-points.test.ts.

Runs otava.analysis.compute_change_points (apache-otava 0.8.0 from PyPI) on the series of
Otava's own tests and on generated series, and writes cases.json (or prints it with --stdout).
Deterministic: generated series use numpy.random.default_rng with fixed seeds.

    python3 -m venv .work/otava
    .work/otava/bin/pip install apache-otava==0.8.0
    .work/otava/bin/python __fixtures__/change-points/otava_reference.py
"""

import json
import os
import sys
from importlib.metadata import version

import numpy as np
from otava.analysis import compute_change_points, split

# tests/analysis_test.py (test_single_series)
ANALYSIS_SERIES = [1.02, 0.95, 0.99, 1.00, 1.12, 1.00, 1.01, 0.98, 1.01, 0.96,
                   0.50, 0.51, 0.48, 0.48, 0.55, 0.50, 0.49, 0.51, 0.50, 0.49]

# tests/change_point_divisive_test.py (SEQUENCE)
DIVISIVE_SEQUENCE = [0.3, 2.4, 1.5, -0.9, -0.5, 99.7, 98.3, 99.1,
                     149.0, 149.7, 149.5, 149.1, 148.8, 150.0]

# tests/tigerbeetle_test.py (_get_series)
TIGERBEETLE = [26705, 26475, 26641, 26806, 26835, 26911, 26564, 26812, 26874, 26682, 15672, 26745, 26460, 26977, 26851, 23412, 23547, 23674, 23519, 23670, 23662, 23462, 23750, 23717, 23524, 23588, 23687, 23793, 23937, 23715, 23570, 23730, 23690, 23699, 23670, 23860, 23988, 23652, 23681, 23798, 23728, 23604, 23523, 23412, 23685, 23773, 23771, 23718, 23409, 23739, 23674, 23597, 23682, 23680, 23711, 23660, 23990, 23938, 23742, 23703, 23536, 24363, 24414, 24483, 24509, 24944, 24235, 24560, 24236, 24667, 24730, 28346, 28437, 28436, 28057, 28217, 28456, 28427, 28398, 28250, 28331, 28222, 28726, 28578, 28345, 28274, 28514, 28590, 28449, 28305, 28411, 28788, 28404, 28821, 28580, 27483, 26805, 27487, 27124, 26898, 27295, 26951, 27312, 27660, 27154, 27050, 26989, 27193, 27503, 27326, 27375, 27513, 27057, 27421, 27574, 27609, 27123, 27824, 27644, 27394, 27836, 27949, 27702, 27457, 27272, 28207, 27802, 27516, 27586, 28005, 27768, 28543, 28237, 27915, 28437, 28342, 27733, 28296, 28524, 28687, 28258, 28611, 29360, 28590, 29641, 28965, 29474, 29256, 28611, 28205, 28539, 27962, 28398, 28509, 28240, 28592, 28102, 28461, 28578, 28669, 28507, 28535, 28226, 28536, 28561, 28087, 27953, 28398, 28007, 28518, 28337, 28242, 28607, 28545, 28514, 28377, 28010, 28412, 28633, 28576, 28195, 28637, 28724, 28466, 28287, 28719, 28425, 28860, 28842, 28604, 28327, 28216, 28946, 28918, 29287, 28725, 29148, 29541, 29137, 29628, 29087, 28612, 29154, 29108, 28884, 29234, 28695, 28969, 28809, 28695, 28634, 28916, 29852, 29389, 29757, 29531, 29363, 29251, 29552, 29561, 29046, 29795, 29022, 29395, 28921, 29739, 29257, 29455, 29376, 29528, 28909, 29492, 28984, 29621, 29026, 29457, 29102, 29114, 28924, 29162, 29259, 29554, 29616, 29211, 29367, 29460, 28836, 29645, 29586, 28848, 29324, 28969, 29150, 29243, 29081, 29312, 28923, 29272, 29117, 29072, 29529, 29737, 29652, 29612, 29856, 29012, 30402, 29969, 29309, 29439, 29285, 29421, 29023, 28772, 29692, 29416, 29267, 29542, 29904, 30045, 29739, 29945, 29141, 29163, 29765, 29197, 29441, 28910, 29504, 29614, 29643, 29506, 29420, 29672, 29432, 29784, 29888, 29309, 29247, 29816, 29254, 29813, 29451, 29382, 29618, 28558, 29845, 29499, 29283, 29184, 29246, 28790, 29952, 29145, 29415, 30437, 29227, 29605, 29859, 29156, 29807, 29406, 29734, 29861, 29140, 29983, 29832, 29919, 29896, 29991, 29266, 29001, 29459, 29548, 29310, 29042, 29303, 29894, 29091, 29018, 29537, 29614, 29180, 29736, 29500, 29218, 29581, 28906, 28542, 29306, 28987, 29878, 28865, 30272, 29707, 29662, 29815, 30492, 29347, 30096, 29054, 30238, 28813, 31895, 28915]


def otava_cases():
    yield "otava analysis_test single_series", ANALYSIS_SERIES, dict(window_len=10, max_pvalue=0.0001)
    yield "otava change_point_divisive SEQUENCE", DIVISIVE_SEQUENCE, dict(window_len=50, max_pvalue=0.01)
    for p, mag in [(0.01, 0.05), (0.05, 0.05), (0.1, 0.05), (0.2, 0.05), (0.2, 0.0), (0.1, 0.0),
                   (0.01, 0.0), (0.001, 0.0), (0.0001, 0.0), (0.00001, 0.0)]:
        yield (f"otava tigerbeetle p={p} magnitude={mag}", TIGERBEETLE,
               dict(window_len=30, max_pvalue=p, min_magnitude=mag))
    yield "otava tigerbeetle defaults", TIGERBEETLE, dict()


def noisy(seed, levels, noise):
    """Gaussian noise of sd noise * level around each level, rounded to 1e-6 of the level."""
    rng = np.random.default_rng(seed)
    values = []
    for level, count in levels:
        for x in rng.normal(level, noise * level, count):
            values.append(round(float(x), 3))
    return values


def generated_cases():
    base = 1000.0
    seed = 1
    for noise in (0.001, 0.03):
        for step in (0.005, 0.01, 0.05):
            for n in (60, 120, 200):
                seed += 1
                levels = [(base, n // 2), (base * (1 + step), n - n // 2)]
                yield (f"step {step:.1%} at {n // 2} of {n}, noise {noise:.1%}", noisy(seed, levels, noise), dict())
        for n in (60, 200):
            seed += 1
            yield f"no step, {n} points, noise {noise:.1%}", noisy(seed, [(base, n)], noise), dict()
        for gap in (5, 10):
            seed += 1
            levels = [(base, 60), (base * 1.05, gap), (base * 0.98, 60)]
            yield (f"two close steps +5% at 60, -7% at {60 + gap}, noise {noise:.1%}",
                   noisy(seed, levels, noise), dict())
            seed += 1
            levels = [(base, 60), (base * 1.05, gap), (base * 1.10, 60)]
            yield (f"two close steps +5% at 60, +5% at {60 + gap}, noise {noise:.1%}",
                   noisy(seed, levels, noise), dict())
    seed += 1
    yield ("step 1.0% at 100 of 200, noise 0.1%, min_magnitude 2%",
           noisy(seed, [(base, 100), (base * 1.01, 100)], 0.001), dict(min_magnitude=0.02))
    seed += 1
    yield ("step 5.0% at 100 of 200, noise 3.0%, window 20",
           noisy(seed, [(base, 100), (base * 1.05, 100)], 0.03), dict(window_len=20))


def case(name, series, params):
    full = dict(window_len=50, max_pvalue=0.001, min_magnitude=0.0)
    full.update(params)
    cps, _ = compute_change_points(list(series), **full)
    # compute_change_points returns its weak list after merge() has pruned it in place, so the
    # weak change points are taken from split() at Otava's first-pass p-value.
    p = full["max_pvalue"]
    first_pass = p * 10 if p < 0.05 else (p * 2 if p < 0.5 else p)
    weak = split(list(series), full["window_len"], first_pass)
    return {
        "name": name,
        "windowLength": full["window_len"],
        "maxPValue": full["max_pvalue"],
        "minMagnitude": full["min_magnitude"],
        "values": series,
        "weakIndices": [int(c.index) for c in weak],
        "changePoints": [
            {
                "index": int(c.index),
                "meanBefore": float(c.stats.mean_1),
                "meanAfter": float(c.stats.mean_2),
                "pValue": float(c.stats.pvalue),
            }
            for c in cps
        ],
    }


def main():
    cases = [case(*c) for c in list(otava_cases()) + list(generated_cases())]
    doc = {
        "generator": "__fixtures__/change-points/otava_reference.py",
        "otava": version("apache-otava"),
        "numpy": np.__version__,
        "scipy": version("scipy"),
        "cases": cases,
    }
    text = json.dumps(doc, indent=1) + "\n"
    if "--stdout" in sys.argv:
        sys.stdout.write(text)
    else:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
