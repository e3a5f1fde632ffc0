/** One benchmark row of `npm run bench -- --json`. */
export interface BenchRow {
  name: string;
  n: number | string;
  ms: number;
  cpuMs?: number;
  [field: string]: unknown;
}
/** parseRows reads `npm run bench -- --json` output: one object per line, other lines ignored. */
export function parseRows(text: string): BenchRow[];
/** compareRuns pairs the rows of each pair of runs by name and n, with the median ratio head/base. */
export function compareRuns(pairs: { base: BenchRow[]; head: BenchRow[] }[]): {
  row: string;
  baseMs: number[];
  headMs: number[];
  baseCpuMs: (number | null)[];
  headCpuMs: (number | null)[];
  msRatio: number | null;
  cpuRatio: number | null;
}[];
