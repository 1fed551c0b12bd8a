/** One figure printed by `npm run bench`. */
export interface BenchFigure {
  /** What was measured, e.g. "rest select throughput @ c=20". */
  name: string;
  value: number;
  /** e.g. "req/s", "ms", "rows", "KB". */
  unit: string;
  /** The reference measured in the same run (what `ratio` compares against). */
  baseline?: { name: string; value: number };
  /** value / baseline.value. */
  ratio?: number;
  /** The target in words, e.g. "≥ 1000 req/s". */
  target: string;
  pass: boolean;
}

/** A bench module's default export. */
export type BenchModule = () => Promise<BenchFigure[]>;
