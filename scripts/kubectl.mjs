// Finds (and, for the tests, installs) the real kubectl that the served API is tested with.
// Order: $KUBECTL_PATH, `kubectl` on PATH, then Debian's kubernetes-client installed with apt when we
// are root on Debian/Ubuntu (as npm test installs Chromium). Never a silent pass: with no kubectl the
// tests that need one fail with a line saying how to get one.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { aptInstall, canAptInstall } from './apt.mjs';

/** findKubectl returns the path of a kubectl executable, or null when none is found. */
export function findKubectl() {
  const fromEnv = process.env.KUBECTL_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const p = join(dir, 'kubectl');
    if (dir && existsSync(p)) return p;
  }
  return null;
}

/** The line a test fails with when no kubectl can be had. */
export const NO_KUBECTL =
  'No kubectl for the served-API tests: install one (Debian/Ubuntu: `sudo apt-get install kubernetes-client`, ' +
  'or https://kubernetes.io/docs/tasks/tools/) or set KUBECTL_PATH=/path/to/kubectl.';

/**
 * ensureKubectl returns a kubectl path, installing Debian's kubernetes-client first when none is
 * found and we are root on Debian/Ubuntu; null when none can be had.
 */
export function ensureKubectl() {
  const found = findKubectl();
  if (found) return found;
  if (canAptInstall()) {
    console.log('No kubectl found: installing Debian kubernetes-client (apt-get, --no-install-recommends)');
    aptInstall(['kubernetes-client']);
    return findKubectl();
  }
  return null;
}
