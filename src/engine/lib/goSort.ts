// Port of Go's sort.Sort (src/sort/sort.go and the pattern-defeating quicksort of
// src/sort/zsortinterface.go, Go 1.19 and later; BSD-style licence, see NOTICE).
/**
 * goSort orders indices 0 … n−1 exactly as Go's sort.Sort orders a sort.Interface: the same
 * comparisons and swaps, so a comparator that is not a strict weak order, or rows that compare
 * equal, come out in the order a Go program (kubectl's --sort-by) prints them. sort.Sort is not
 * stable: up to 12 elements it is an insertion sort (stable), past that equal rows may move.
 */

/** What sort.Interface gives the algorithm: Less and Swap by index. */
export interface SortData {
  less(i: number, j: number): boolean;
  swap(i: number, j: number): void;
}

const INCREASING = 1;
const DECREASING = 2;
const UNKNOWN = 0;

/** bitsLen is bits.Len: the number of bits needed for n (0 for 0; 8 → 4). */
function bitsLen(n: number): number {
  return n === 0 ? 0 : 32 - Math.clz32(n);
}

/** goSort is sort.Sort on `n` elements. */
export function goSort(data: SortData, n: number): void {
  if (n <= 1) return;
  pdqsort(data, 0, n, bitsLen(n));
}

function insertionSort(data: SortData, a: number, b: number): void {
  for (let i = a + 1; i < b; i++) for (let j = i; j > a && data.less(j, j - 1); j--) data.swap(j, j - 1);
}

function siftDown(data: SortData, lo: number, hi: number, first: number): void {
  let root = lo;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && data.less(first + child, first + child + 1)) child++;
    if (!data.less(first + root, first + child)) return;
    data.swap(first + root, first + child);
    root = child;
  }
}

function heapSort(data: SortData, a: number, b: number): void {
  const first = a;
  const hi = b - a;
  for (let i = Math.trunc((hi - 1) / 2); i >= 0; i--) siftDown(data, i, hi, first);
  for (let i = hi - 1; i >= 0; i--) {
    data.swap(first, first + i);
    siftDown(data, 0, i, first);
  }
}

function pdqsort(data: SortData, a0: number, b0: number, limit0: number): void {
  const maxInsertion = 12;
  let a = a0;
  let b = b0;
  let limit = limit0;
  let wasBalanced = true;
  let wasPartitioned = true;
  for (;;) {
    const length = b - a;
    if (length <= maxInsertion) {
      insertionSort(data, a, b);
      return;
    }
    // Too many bad pivots: heapsort guarantees n log n.
    if (limit === 0) {
      heapSort(data, a, b);
      return;
    }
    if (!wasBalanced) {
      breakPatterns(data, a, b);
      limit--;
    }
    let [pivot, hint] = choosePivot(data, a, b);
    if (hint === DECREASING) {
      reverseRange(data, a, b);
      pivot = b - 1 - (pivot - a);
      hint = INCREASING;
    }
    if (wasBalanced && wasPartitioned && hint === INCREASING && partialInsertionSort(data, a, b)) return;
    // The pivot equals the element before this range (its lower bound): put its equals first.
    if (a > 0 && !data.less(a - 1, pivot)) {
      a = partitionEqual(data, a, b, pivot);
      continue;
    }
    const [mid, alreadyPartitioned] = partition(data, a, b, pivot);
    wasPartitioned = alreadyPartitioned;
    const leftLen = mid - a;
    const rightLen = b - mid;
    const balanceThreshold = Math.trunc(length / 8);
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= balanceThreshold;
      pdqsort(data, a, mid, limit);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= balanceThreshold;
      pdqsort(data, mid + 1, b, limit);
      b = mid;
    }
  }
}

function partition(data: SortData, a: number, b: number, pivot: number): [number, boolean] {
  data.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (i <= j && data.less(i, a)) i++;
  while (i <= j && !data.less(j, a)) j--;
  if (i > j) {
    data.swap(j, a);
    return [j, true];
  }
  data.swap(i, j);
  i++;
  j--;
  for (;;) {
    while (i <= j && data.less(i, a)) i++;
    while (i <= j && !data.less(j, a)) j--;
    if (i > j) break;
    data.swap(i, j);
    i++;
    j--;
  }
  data.swap(j, a);
  return [j, false];
}

function partitionEqual(data: SortData, a: number, b: number, pivot: number): number {
  data.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  for (;;) {
    while (i <= j && !data.less(a, i)) i++;
    while (i <= j && data.less(a, j)) j--;
    if (i > j) break;
    data.swap(i, j);
    i++;
    j--;
  }
  return i;
}

function partialInsertionSort(data: SortData, a: number, b: number): boolean {
  const maxSteps = 5;
  const shortestShifting = 50;
  let i = a + 1;
  for (let step = 0; step < maxSteps; step++) {
    while (i < b && !data.less(i, i - 1)) i++;
    if (i === b) return true;
    if (b - a < shortestShifting) return false;
    data.swap(i, i - 1);
    // Shift the smaller one to the left.
    if (i - a >= 2) {
      for (let j = i - 1; j >= 1; j--) {
        if (!data.less(j, j - 1)) break;
        data.swap(j, j - 1);
      }
    }
    // Shift the greater one to the right.
    if (b - i >= 2) {
      for (let j = i + 1; j < b; j++) {
        if (!data.less(j, j - 1)) break;
        data.swap(j, j - 1);
      }
    }
  }
  return false;
}

const MASK64 = (1n << 64n) - 1n;

/**
 * breakPatterns swaps the three elements from the middle of the range with three drawn by Go's
 * xorshift (a uint64 shifted 13, 17 and 5) seeded with the length. Checked against the real kubectl
 * 1.32: 41 Events sorted by .type (40 ties) come out in its order only with these shifts and
 * positions (13, 7, 17 or the swaps one place lower give another order).
 */
function breakPatterns(data: SortData, a: number, b: number): void {
  const length = b - a;
  if (length < 8) return;
  let random = BigInt(length);
  const modulus = 2 ** bitsLen(length);
  const idx = a + Math.trunc(length / 4) * 2;
  for (let i = 0; i < 3; i++) {
    random ^= (random << 13n) & MASK64;
    random ^= random >> 17n;
    random ^= (random << 5n) & MASK64;
    let other = Number(random & BigInt(modulus - 1));
    if (other >= length) other -= length;
    data.swap(idx - 1 + i, a + other);
  }
}

function choosePivot(data: SortData, a: number, b: number): [number, number] {
  const shortestNinther = 50;
  const maxSwaps = 4 * 3;
  const l = b - a;
  const swaps = { n: 0 };
  let i = a + Math.trunc(l / 4) * 1;
  let j = a + Math.trunc(l / 4) * 2;
  let k = a + Math.trunc(l / 4) * 3;
  if (l >= 8) {
    if (l >= shortestNinther) {
      i = medianAdjacent(data, i, swaps);
      j = medianAdjacent(data, j, swaps);
      k = medianAdjacent(data, k, swaps);
    }
    j = median(data, i, j, k, swaps);
  }
  if (swaps.n === 0) return [j, INCREASING];
  if (swaps.n === maxSwaps) return [j, DECREASING];
  return [j, UNKNOWN];
}

function median(data: SortData, a0: number, b0: number, c0: number, swaps: { n: number }): number {
  let a = a0;
  let b = b0;
  let c = c0;
  // order2 three times: a ≤ b, then b ≤ c, then a ≤ b again.
  if (data.less(b, a)) {
    swaps.n++;
    [a, b] = [b, a];
  }
  if (data.less(c, b)) {
    swaps.n++;
    [b, c] = [c, b];
  }
  if (data.less(b, a)) {
    swaps.n++;
    [a, b] = [b, a];
  }
  return b;
}

function medianAdjacent(data: SortData, a: number, swaps: { n: number }): number {
  return median(data, a - 1, a, a + 1, swaps);
}

function reverseRange(data: SortData, a: number, b: number): void {
  for (let i = a, j = b - 1; i < j; i++, j--) data.swap(i, j);
}
