// Port of kubernetes staging/src/k8s.io/kubectl/pkg/describe/describe.go (v1.36): describeLimitRange and
// describeLimitRangeSpec; and of staging/src/k8s.io/apiserver/pkg/registry/rest/table.go (the default
// table convertor, which serves `kubectl get limitrange`).
/**
 * LimitRange printers. `kubectl describe limitrange NAME` prints Name, Namespace and one table
 * row per (item, resource): no Labels, no Annotations and no Events, as upstream. `kubectl get
 * limitrange` prints what the API server's table convertor sends: LimitRange has no printer in
 * pkg/printers/internalversion/printers.go; its registry (pkg/registry/core/limitrange/storage)
 * uses rest.NewDefaultTableConvertor, whose columns are Name and Created At (RFC 3339, UTC).
 */
import type { LimitRange, LimitRangeItem, ResourceList } from '../../api/policyTypes.ts';
import { canonicalQuantity } from '../../lib/quantity.ts';
import { parseRFC3339, toRFC3339 } from '../../lib/time.ts';
import { PrefixWriter } from './podTemplate.ts';
import type { Column } from './rows.ts';
import { tabbedString } from './tabwriter.ts';

const col = (name: string, wide = false): Column => ({ name, wide });

/**
 * The columns of `kubectl get limitrange`, shaped like the other column lists (spread into
 * table.ts's COLUMNS): the default table convertor's Name and Created At, none wide-only.
 */
export const LIMIT_RANGE_COLUMNS = {
  LimitRange: [col('Name'), col('Created At')],
} as const satisfies Record<string, readonly Column[]>;

/** Go's zero time.Time formatted as RFC 3339: what an object without creationTimestamp shows. */
const ZERO_TIME_RFC3339 = '0001-01-01T00:00:00Z';

/**
 * limitRangeRow: NAME CREATED AT. The default convertor prints the creation timestamp as an
 * absolute RFC 3339 UTC instant (`2026-12-01T01:19:00Z`), not an age, so nowMs is unused; it is
 * kept so the row has the same signature as every other kind's.
 */
export function limitRangeRow(lr: LimitRange, _nowMs: number): string[] {
  const ms = parseRFC3339(lr.metadata.creationTimestamp);
  return [lr.metadata.name, Number.isNaN(ms) ? ZERO_TIME_RFC3339 : toRFC3339(ms)];
}

/** quantityCell prints a list entry as Quantity.String() (canonical), `-` when the list lacks it. */
function quantityCell(list: ResourceList | undefined, name: string): string {
  const raw = list?.[name];
  return raw === undefined ? '-' : canonicalQuantity(String(raw));
}

/**
 * describeLimitRangeSpec writes one row per resource named in any of the item's five lists:
 * type, resource, then min, max, default request, default limit and max limit/request ratio,
 * `-` for each list that does not name the resource. Items keep their spec order and every type
 * gets the same treatment (no per-type columns are blanked). Upstream collects the names in a Go
 * map and ranges over it, so its row order within an item is random from run to run; here the
 * names are sorted (byte order) to make the output deterministic.
 */
function describeLimitRangeSpec(items: readonly LimitRangeItem[], prefix: string, w: PrefixWriter): void {
  for (const item of items) {
    const names = new Set<string>();
    for (const list of [item.max, item.min, item.default, item.defaultRequest, item.maxLimitRequestRatio]) {
      for (const name of Object.keys(list ?? {})) names.add(name);
    }
    for (const name of [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
      const cells = [
        quantityCell(item.min, name),
        quantityCell(item.max, name),
        quantityCell(item.defaultRequest, name),
        quantityCell(item.default, name),
        quantityCell(item.maxLimitRequestRatio, name),
      ];
      w.write(0, `${prefix}${item.type}\t${name}\t${cells.join('\t')}\n`);
    }
  }
}

/**
 * describeLimitRanges is DescribeLimitRanges, describe namespace's last section: every LimitRange
 * of the namespace in one table, rows indented by a space, or `No LimitRange resource.`.
 */
export function describeLimitRanges(ranges: readonly LimitRange[], w: PrefixWriter): void {
  if (ranges.length === 0) {
    w.write(0, 'No LimitRange resource.\n');
    return;
  }
  w.write(0, 'Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(0, ' ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  for (const lr of ranges) describeLimitRangeSpec(lr.spec?.limits ?? [], ' ', w);
}

/**
 * describeLimitRange renders `kubectl describe limitrange NAME` through describe's tabwriter
 * (minwidth 0, padding 2), so the Type column is as wide as `Namespace:` plus padding at least.
 */
export function describeLimitRange(lr: LimitRange): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${lr.metadata.name}\n`);
  w.write(0, `Namespace:\t${lr.metadata.namespace ?? 'default'}\n`);
  w.write(0, 'Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n');
  w.write(0, '----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n');
  describeLimitRangeSpec(lr.spec?.limits ?? [], '', w);
  return w.segments.map(tabbedString).join('');
}
