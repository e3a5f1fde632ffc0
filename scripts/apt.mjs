// Installs Debian packages for the test runner (Chromium for Playwright, kubectl for the served-API
// tests) when they are missing: only as root on Debian or Ubuntu, quietly, without recommends.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** canAptInstall: we are root on a Debian-like system, so apt-get may install what is missing. */
export function canAptInstall() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/etc/os-release')) return false;
  return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(readFileSync('/etc/os-release', 'utf8'));
}

/** aptInstall runs `apt-get update` and installs the packages; false when a step failed. */
export function aptInstall(packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const [cmd, args] of [
    ['apt-get', ['update', '-qq']],
    ['apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages]],
  ]) {
    if (spawnSync(cmd, args, { stdio: 'inherit', env }).status !== 0) return false;
  }
  return true;
}
