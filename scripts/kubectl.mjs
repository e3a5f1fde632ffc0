// Finds (and, for the tests, installs) the real kubectl that the served API is tested with.
// Order: $KUBECTL_PATH, `kubectl` on PATH, then Debian's kubernetes-client installed with apt when we
// are root on Debian/Ubuntu (as npm test installs Chromium). Never a silent pass: with no kubectl the
// tests that need one fail with a line saying how to get one.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

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

function isDebianLike() {
  if (!existsSync('/etc/os-release')) return false;
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(readFileSync('/etc/os-release', 'utf8'));
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
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && isDebianLike()) {
    console.log('No kubectl found: installing Debian kubernetes-client (apt-get, --no-install-recommends)');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const [cmd, args] of [
      ['apt-get', ['update', '-qq']],
      ['apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'kubernetes-client']],
    ]) {
      if (spawnSync(cmd, args, { stdio: 'inherit', env }).status !== 0) break;
    }
    return findKubectl();
  }
  return null;
}
