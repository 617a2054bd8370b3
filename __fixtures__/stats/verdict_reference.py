"""What `compare` computes per cell, from a results file, independently, with numpy, scipy, statsmodels.

Run: .work/stats-reference/bin/python __fixtures__/stats/verdict_reference.py RESULTS.json...
Prints JSON: per file, per cell (workload, threads) and metric of an A/B results file, both
sides' values and medians, the change, the one-sided Mann-Whitney p-value that the head is worse
(scipy.stats.mannwhitneyu), that p-value adjusted by Benjamini-Hochberg across the cells of the
metric (statsmodels multipletests 'fdr_bh'), and the exact bootstrap distribution of the change,
against which __tests__/compare/external-agreement.test.ts checks the verdict's interval; and
per throughput cell with histograms, each side's events pooled over its repetitions, with their
p50, p95 and p99 by sysbench's rule.

Read from the JSON here, not from the project's code: each repetition's figure per metric as
docs/statistics.md defines it (throughput and latency from sysbench's report; the p50/p95/p99 of
its histogram by sysbench's nearest-rank rule; stalls from the per-second reports; CPU time,
hardware and callgrind instructions per transaction, New-Orders per minute of the TPC-C-like
workload), the metrics a suite's kind measures, and a
metric judged only where every repetition of both sides has it.

The statistics (docs/statistics.md):
- change = median(head)/median(base) - 1, of the values raised by the metric's offset (stall
  seconds count from one); for counted metrics (instructions) of an A/B run, whose repetitions
  ran in lockstep, the median of the ratios head_i/base_i - 1;
- Mann-Whitney U, head against base, one-sided towards "worse" (lower throughput, higher latency
  or cost), exact when there are no ties and n1*n2 <= 2500, else the normal approximation with
  tie and continuity corrections: scipy is given that method;
- Benjamini-Hochberg over all the cells of one metric;
- the bootstrap: each side resampled with replacement (or the paired ratios, as one sample), the
  statistic recomputed. For an odd number of values the resampled median is one of the sorted
  values x(1) <= ... <= x(n), with P(median* <= x(k)) = P(Binomial(n, k/n) >= (n+1)/2), so its
  distribution is exact (scipy.stats.binom) and the change's follows: a list of [change,
  probability] atoms. A 10,000-resample percentile interval can only be checked against it within
  Monte Carlo error, which the test derives.
"""
import json
import math
import sys

import numpy as np
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.multitest import multipletests

STALL_FRACTION = 0.5
MIN_STALL_INTERVALS = 3
LOWEST_SECOND_FLOOR = 0.01
EXACT_MAX_PAIRS = 2500


def per_transaction(count, repetition):
    transactions = repetition["report"]["transactions"]
    return None if count is None or transactions <= 0 else count / transactions


def nearest_rank_percentile(histogram, percentile):
    """sysbench 1.0's rule: the first bucket whose running count reaches floor(n*p/100 + 0.5)."""
    if histogram is None:
        return None
    cumulative = np.cumsum(histogram["counts"])
    rank = math.floor(int(cumulative[-1]) * percentile / 100 + 0.5)
    return histogram["valuesMs"][int(np.searchsorted(cumulative, rank, side="left"))]


def stalls(repetition):
    intervals = repetition["report"]["intervals"]
    if len(intervals) < MIN_STALL_INTERVALS:
        return None
    tps = np.array([interval["tps"] for interval in intervals], dtype=float)
    median = float(np.median(tps))
    if not median > 0:
        return None
    ends = np.array([interval["timeS"] for interval in intervals], dtype=float)
    lengths = np.diff(ends, prepend=0.0)
    stalled = tps < STALL_FRACTION * median
    return {"lowestRatio": float(tps.min()) / median, "stallSeconds": float(lengths[stalled].sum())}


def cost(repetition, *path):
    value = repetition.get("cost")
    for key in path:
        value = None if value is None else value.get(key)
    return value


def cpu_time_us(repetition):
    cpu = cost(repetition, "cpu")
    if cpu is None:
        return None
    seconds = per_transaction(cpu["userSeconds"] + cpu["systemSeconds"], repetition)
    return None if seconds is None else seconds * 1e6


def lowest_second(repetition):
    found = stalls(repetition)
    return None if found is None else max(found["lowestRatio"], LOWEST_SECOND_FLOOR)


def stall_seconds(repetition):
    found = stalls(repetition)
    return None if found is None else found["stallSeconds"]


def new_orders_per_minute(repetition):
    """The TPC-C-like workload's New-Orders committed per minute; None for other workloads."""
    report = repetition["report"]
    mix = report.get("mix")
    return None if mix is None or report["totalTimeS"] <= 0 else mix["newOrder"]["committed"] / report["totalTimeS"] * 60


# name: (suite kind, worse, offset, counted, value of a repetition)
METRICS = {
    "tps": ("throughput", "lower", 0, False, lambda r: r["report"]["tps"]),
    "notpm": ("throughput", "lower", 0, False, new_orders_per_minute),
    "latencyMs": ("throughput", "higher", 0, False, lambda r: r["report"]["latencyMs"]["atPercentile"]),
    "p50Ms": ("throughput", "higher", 0, False, lambda r: nearest_rank_percentile(r["report"].get("histogram"), 50)),
    "p95Ms": ("throughput", "higher", 0, False, lambda r: nearest_rank_percentile(r["report"].get("histogram"), 95)),
    "p99Ms": ("throughput", "higher", 0, False, lambda r: nearest_rank_percentile(r["report"].get("histogram"), 99)),
    "lowestSecondRatio": ("throughput", "lower", 0, False, lowest_second),
    "stallSeconds": ("throughput", "higher", 1, False, stall_seconds),
    "cpuTimeUs": ("throughput", "higher", 0, False, cpu_time_us),
    "hwInstructions": ("throughput", "higher", 0, True, lambda r: per_transaction(cost(r, "hardwareInstructions"), r)),
    "instructions": ("instructions", "higher", 0, True, lambda r: per_transaction(cost(r, "callgrind", "foreground"), r)),
    "instructionsTotal": ("instructions", "higher", 0, True, lambda r: per_transaction(cost(r, "callgrind", "total"), r)),
}


def measured(cell, value):
    values = [value(repetition) for repetition in cell["repetitions"]]
    if any(v is None or not math.isfinite(v) for v in values):
        return None
    return values


def exact_median_atoms(values):
    """The exact bootstrap distribution of the median of an odd number of values: {value: probability}."""
    xs = np.sort(np.asarray(values, dtype=float))
    n = len(xs)
    if n % 2 == 0:
        sys.exit(f"exact bootstrap distribution needs an odd number of values; got {n}")
    at_most = stats.binom.sf((n + 1) // 2 - 1, n, np.arange(n + 1) / n)
    atoms = {}
    for value, probability in zip(xs, np.diff(at_most)):
        atoms[float(value)] = atoms.get(float(value), 0.0) + float(probability)
    return atoms


def change_distribution(base, head, paired):
    """[[change, probability], ...] in increasing order of change."""
    atoms = {}
    if paired:
        for ratio, probability in exact_median_atoms(np.asarray(head) / np.asarray(base)).items():
            atoms[ratio - 1] = atoms.get(ratio - 1, 0.0) + probability
    else:
        base_atoms, head_atoms = exact_median_atoms(base), exact_median_atoms(head)
        for h, ph in head_atoms.items():
            for b, pb in base_atoms.items():
                change = h / b - 1
                atoms[change] = atoms.get(change, 0.0) + ph * pb
    return sorted([change, probability] for change, probability in atoms.items())


def mann_whitney_worse(base, head, worse):
    method = "exact" if len(np.unique(base + head)) == len(base + head) and len(base) * len(head) <= EXACT_MAX_PAIRS else "asymptotic"
    alternative = "less" if worse == "lower" else "greater"
    return float(stats.mannwhitneyu(head, base, alternative=alternative, method=method).pvalue), method


def judge_cell(base_cell, head_cell, name, paired_run):
    kind, worse, offset, counted, value = METRICS[name]
    base, head = measured(base_cell, value), measured(head_cell, value)
    if base is None or head is None:
        return None
    raised_base = [v + offset for v in base]
    raised_head = [v + offset for v in head]
    indices = lambda cell: [repetition["index"] for repetition in cell["repetitions"]]
    paired = counted and paired_run and indices(base_cell) == indices(head_cell) and len(base) >= 2
    if paired:
        change = float(np.median(np.asarray(raised_head) / np.asarray(raised_base))) - 1
    else:
        change = float(np.median(raised_head)) / float(np.median(raised_base)) - 1
    p_worse, method = mann_whitney_worse(base, head, worse)
    return {
        "workload": head_cell["workload"],
        "threads": head_cell["threads"],
        "metric": name,
        "base": base,
        "head": head,
        "baseMedian": float(np.median(raised_base)) - offset,
        "headMedian": float(np.median(raised_head)) - offset,
        "change": change,
        "pairedRatios": paired,
        "pWorseRaw": p_worse,
        "method": method,
        "changeDistribution": change_distribution(raised_base, raised_head, paired),
    }


def pooled_latency(cell):
    """Every event of every repetition pooled (equal printed values merged): events, p50, p95, p99."""
    histograms = [repetition["report"].get("histogram") for repetition in cell["repetitions"]]
    if not histograms or any(histogram is None for histogram in histograms):
        return None
    counts = {}
    for histogram in histograms:
        for value, count in zip(histogram["valuesMs"], histogram["counts"]):
            counts[value] = counts.get(value, 0) + count
    values = sorted(counts)
    pooled = {"valuesMs": values, "counts": [counts[value] for value in values]}
    return {
        "events": sum(pooled["counts"]),
        **{f"p{p}": nearest_rank_percentile(pooled, p) for p in (50, 95, 99)},
    }


def latency(base_cell, head_cell):
    base, head = pooled_latency(base_cell), pooled_latency(head_cell)
    if base is None or head is None:
        return None
    return {"workload": head_cell["workload"], "threads": head_cell["threads"], "base": base, "head": head}


def reference(path):
    with open(path, encoding="utf-8") as file:
        results = json.load(file)
    if results["mode"] != "ab":
        sys.exit(f"{path}: an A/B results file is needed (mode ab); got {results['mode']}")
    kind = results["suite"].get("metric", "throughput")
    cells = {side: [c for c in results["cells"] if c["side"] == side] for side in ("base", "head")}
    for cell in results["cells"]:
        if "variant" in cell:
            sys.exit(f"{path}: cells with variants are not handled here")
    base_by_cell = {(c["workload"], c["threads"]): c for c in cells["base"]}
    judged = []
    latencies = []
    for head_cell in cells["head"]:
        base_cell = base_by_cell[(head_cell["workload"], head_cell["threads"])]
        # Under callgrind (instruction suites) a latency measures valgrind: no distributions.
        pooled = latency(base_cell, head_cell) if kind == "throughput" else None
        if pooled is not None:
            latencies.append(pooled)
        for name, (metric_kind, *_rest) in METRICS.items():
            if metric_kind != kind:
                continue
            # An A/B run's own sides ran in lockstep: counted metrics are judged on the pairs.
            cell = judge_cell(base_cell, head_cell, name, paired_run=True)
            if cell is not None:
                judged.append(cell)
    for name in METRICS:
        family = [cell for cell in judged if cell["metric"] == name]
        if family:
            adjusted = multipletests([cell["pWorseRaw"] for cell in family], method="fdr_bh")[1]
            for cell, p in zip(family, adjusted):
                cell["pWorse"] = float(p)
    return {"kind": kind, "cells": judged, "latency": latencies}


versions = {
    "numpy": np.__version__,
    "scipy": scipy.__version__,
    "statsmodels": statsmodels.__version__,
}
if len(sys.argv) < 2:
    sys.exit("usage: verdict_reference.py RESULTS.json...")
print(json.dumps({"versions": versions, "files": {path: reference(path) for path in sys.argv[1:]}}))
