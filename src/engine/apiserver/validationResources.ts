// Port of kubernetes pkg/apis/core/validation/validation.go (v1.36): ValidateContainerResourceRequirements
// with validateContainerResourceName and ValidateResourceQuantityValue, the API server's messages.
import type { Container, ResourceList } from '../api/types.ts';
import { formatQuantity, parseQuantity, type Quantity } from '../lib/quantity.ts';
import { type FieldError, invalid } from '../apimachinery/fieldErrors.ts';
import { isQualifiedName } from './validationCore.ts';

const isNegativeErrorMsg = 'must be greater than or equal to 0';

/** Resource names a container may name without a domain (IsStandardContainerResourceName). */
function isStandardContainerResourceName(name: string): boolean {
  return name === 'cpu' || name === 'memory' || name === 'ephemeral-storage' || name.startsWith('hugepages-');
}

/** validateContainerResourceName: a qualified name; without a domain, a standard one; a domain name is an extended resource. */
function validateContainerResourceName(name: string, path: string): FieldError[] {
  const errs = isQualifiedName(name).map((m) => invalid(path, name, m));
  if (!name.includes('/')) {
    if (!isStandardContainerResourceName(name)) errs.push(invalid(path, name, 'must be a standard resource for containers'));
  } else if (name.startsWith('kubernetes.io/') || name.includes('.kubernetes.io/') || name.startsWith('requests.')) {
    errs.push(invalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errs;
}

function parsed(v: string | number | undefined): Quantity | null {
  const r = parseQuantity(String(v));
  return r.ok ? r.value : null;
}

/** validateQuantity: `limits[cpu]: Invalid value: "-1": must be greater than or equal to 0` (ValidateResourceQuantityValue). */
function validateQuantity(q: Quantity, path: string): FieldError[] {
  return q.nanos < 0n ? [invalid(path, formatQuantity(q), isNegativeErrorMsg)] : [];
}

/**
 * validateResourceRequirements checks limits, then requests (names in sorted order; Go walks the
 * maps in random order): valid names, no negative quantity, and no request above its limit,
 * reported on `…resources.requests`: `Invalid value: "2": must be less than or equal to cpu limit of 1`.
 */
export function validateResourceRequirements(r: Container['resources'], path: string): FieldError[] {
  if (r === undefined) return [];
  const errs: FieldError[] = [];
  const limits: ResourceList = r.limits ?? {};
  const requests: ResourceList = r.requests ?? {};
  for (const name of Object.keys(limits).sort()) {
    const p = `${path}.limits[${name}]`;
    errs.push(...validateContainerResourceName(name, p));
    const q = parsed(limits[name]);
    if (q !== null) errs.push(...validateQuantity(q, p));
  }
  for (const name of Object.keys(requests).sort()) {
    const p = `${path}.requests[${name}]`;
    errs.push(...validateContainerResourceName(name, p));
    const q = parsed(requests[name]);
    if (q === null) continue;
    errs.push(...validateQuantity(q, p));
    const limit = Object.hasOwn(limits, name) ? parsed(limits[name]) : null;
    if (limit !== null && q.nanos > limit.nanos) {
      errs.push(invalid(`${path}.requests`, formatQuantity(q), `must be less than or equal to ${name} limit of ${formatQuantity(limit)}`));
    }
  }
  return errs;
}

