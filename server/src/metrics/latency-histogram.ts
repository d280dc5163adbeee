import type { Registry } from "prom-client";

interface Series<L extends string> {
  labels: Record<L, string>;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  counts: number[];
  sum: number;
  count: number;
}

/** One series of a LatencyHistogram: observing is a bucket search and three additions. */
export interface LatencySeries {
  observe(seconds: number): void;
}

/**
 * A Prometheus histogram for the durations of every request, written as prom-client
 * writes its own (`_bucket{le}` cumulative, `_sum`, `_count`), registered in its registry.
 * prom-client's Histogram checks and hashes the labels on each observation, even for a
 * series looked up beforehand: a few microseconds per request, as much as some reads' own
 * work. Here a series is found once by a key the caller builds from its label values
 * (which come from the code, so the series stay few) and observing costs almost nothing.
 */
export class LatencyHistogram<L extends string> {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series = new Map<string, Series<L> & LatencySeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
    registry: Registry,
  ) {
    registry.registerMetric(this as never);
  }

  /** The series of these labels; `labels` is only called the first time `key` is seen. */
  seriesOf(key: string, labels: () => Record<L, string>): LatencySeries {
    let found = this.series.get(key);
    if (!found) {
      const buckets = this.buckets;
      const series: Series<L> & LatencySeries = {
        labels: labels(),
        counts: new Array(buckets.length + 1).fill(0),
        sum: 0,
        count: 0,
        observe(seconds) {
          let bucket = 0;
          while (bucket < buckets.length && seconds > buckets[bucket]) bucket += 1;
          this.counts[bucket] += 1;
          this.sum += seconds;
          this.count += 1;
        },
      };
      this.series.set(key, series);
      found = series;
    }
    return found;
  }

  /** What the registry writes: the same values prom-client's Histogram gives. */
  async get() {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      counts.forEach((observed, bucket) => {
        cumulative += observed;
        const le = bucket < this.buckets.length ? this.buckets[bucket] : "+Inf";
        values.push({ labels: { le, ...labels }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}
