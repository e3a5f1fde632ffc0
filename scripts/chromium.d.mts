/** findChromium returns the path of a Chromium executable, or null when none is found. */
export function findChromium(): string | null;
/** ensureChromium returns a Chromium path, installing Debian's package when possible, else null. */
export function ensureChromium(): string | null;
/** chromiumArgs returns the headless launch flags every Chromium launch here uses. */
export function chromiumArgs(): string[];
