// Finds (and, for the test runner, installs) the Chromium that Playwright drives.
// Order: $CHROMIUM_PATH, Debian's headless shell, /usr/bin/chromium, then Playwright's own browser
// if it was installed. Playwright's download (`npx playwright install`) is not used: its hosts may
// be unreachable.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { aptInstall, canAptInstall } from './apt.mjs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell is the old headless mode, the binary Playwright itself runs for
 * headless tests. The full browser in headless mode also starts its own UI (a top-chrome WebUI
 * renderer per window, at up to 60 % of a core here) and took 65 s for three specs the shell ran
 * in 46 s; the whole end-to-end stage took 1,004 s with it on this 2-core machine.
 */
const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * e2e/zhMono.spec.ts runs Chromium with DejaVu as its only fonts (e2e/fonts/dejavu-only.conf) and
 * lists them with fc-list. Debian's chromium does not bring them for sure: libfontconfig1 needs
 * fonts-dejavu-core *or* fonts-liberation (installed beside chromium here), and fc-list is in
 * fontconfig, which chromium does not depend on.
 */
const FONT_FILES = ['/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', '/usr/bin/fc-list'];
const FONT_PACKAGES = ['fonts-dejavu-core', 'fontconfig'];

/**
 * findChromium returns the path of a Chromium executable, or null when none is found: the headless
 * shell first unless `shell` is false (the browser benchmark measures frames in the full browser).
 */
export function findChromium({ shell = true } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (shell && existsSync(SYSTEM_HEADLESS_SHELL)) return SYSTEM_HEADLESS_SHELL;
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
 * ensureChromium returns a Chromium path, installing Debian's headless shell first when it is missing
 * and we are root on Debian/Ubuntu (a full chromium found before stays the fallback should the
 * install fail). Otherwise it returns null after printing one line on how to get one.
 */
export function ensureChromium() {
  const fontsMissing = FONT_FILES.some((f) => !existsSync(f));
  const found = findChromium();
  const wantShell = !process.env.CHROMIUM_PATH && found !== SYSTEM_HEADLESS_SHELL;
  if (found && !wantShell) {
    if (fontsMissing && canAptInstall()) {
      console.log(`Installing ${FONT_PACKAGES.join(' and ')} for the DejaVu-only test (apt-get)`);
      aptInstall(FONT_PACKAGES);
    }
    return found;
  }
  if (canAptInstall()) {
    console.log(
      `${found ? `Found ${found}, not the headless shell` : 'No Chromium found'}: installing Debian's` +
        ' chromium-headless-shell (apt-get, --no-install-recommends)',
    );
    aptInstall(['chromium-headless-shell', 'fonts-liberation', ...FONT_PACKAGES]);
    const installed = findChromium();
    if (installed) return installed;
  }
  if (found) return found;
  console.error(
    'No Chromium for the end-to-end tests: install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or set CHROMIUM_PATH=/path/to/chromium.',
  );
  return null;
}
