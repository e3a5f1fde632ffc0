// Finds (and, for the test runner, installs) the Chromium that Playwright drives.
// Order: $CHROMIUM_PATH, /usr/bin/chromium, then Playwright's own browser if it was installed.
// Playwright's download (`npx playwright install`) is not used: its hosts may be unreachable.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { aptInstall, canAptInstall } from './apt.mjs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * e2e/zhMono.spec.ts runs Chromium with DejaVu as its only fonts (e2e/fonts/dejavu-only.conf) and
 * lists them with fc-list. Debian's chromium does not bring them for sure: libfontconfig1 needs
 * fonts-dejavu-core *or* fonts-liberation (installed beside chromium here), and fc-list is in
 * fontconfig, which chromium does not depend on.
 */
const FONT_FILES = ['/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', '/usr/bin/fc-list'];
const FONT_PACKAGES = ['fonts-dejavu-core', 'fontconfig'];

/** findChromium returns the path of a Chromium executable, or null when none is found. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  try {
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // Playwright throws when it has no browser of its own; that is the "none found" case.
  }
  return null;
}

/**
 * chromiumArgs returns the headless flags every launch here uses: without the background-networking
 * ones Chromium keeps dialling hosts this closed network refuses; root needs --no-sandbox.
 */
export function chromiumArgs() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  return [
    ...(isRoot ? ['--no-sandbox'] : []),
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-quic',
    '--disable-sync',
  ];
}

/**
 * ensureChromium returns a Chromium path, installing Debian's package first when none is found and we
 * are root on Debian/Ubuntu. Otherwise it returns null after printing one line on how to get one.
 */
export function ensureChromium() {
  const fontsMissing = FONT_FILES.some((f) => !existsSync(f));
  const found = findChromium();
  if (found) {
    if (fontsMissing && canAptInstall()) {
      console.log(`Installing ${FONT_PACKAGES.join(' and ')} for the DejaVu-only test (apt-get)`);
      aptInstall(FONT_PACKAGES);
    }
    return found;
  }
  if (canAptInstall()) {
    console.log('No Chromium found: installing Debian chromium (apt-get, --no-install-recommends)');
    aptInstall(['chromium', 'fonts-liberation', ...FONT_PACKAGES]);
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    'No Chromium for the end-to-end tests: install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or set CHROMIUM_PATH=/path/to/chromium.',
  );
  return null;
}
