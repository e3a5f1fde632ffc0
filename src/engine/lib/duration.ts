// Port of kubernetes staging/src/k8s.io/apimachinery/pkg/util/duration/duration.go (v1.36.3).
import { parseRFC3339 } from './time.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * shortHumanDuration renders a duration in one unit, as kubectl prints event ages: `59s`, `1m`,
 * `23h`, `364d`, `1y`. Go converts with int(), which truncates toward zero, so −1.9 s reads as −1
 * and prints `0s`; only −2 s and below are `<invalid>` (clock skew up to 2 s is tolerated).
 */
export function shortHumanDuration(ms: number): string {
  const seconds = Math.trunc(ms / SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 24) return `${hours}h`;
  if (hours < 24 * 365) return `${Math.trunc(hours / 24)}d`;
  return `${Math.trunc(ms / HOUR / 24 / 365)}y`;
}

/**
 * humanDuration renders a duration with 2–3 significant figures, as kubectl's AGE column:
 * `119s` (under 2 min), `3m10s` (under 10 min), `179m` (under 3 h), `3h1m` (under 8 h), `47h`,
 * `2d1h` (under 8 days), `729d` (under 2 years), `7y364d` (under 8 years), then `8y`.
 * Example: 190 s → minutes = 3, seconds 190 % 60 = 10 → `3m10s`.
 */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / SECOND);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 60 * 2) return `${seconds}s`;
  const minutes = Math.trunc(ms / MINUTE);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 60 * 3) return `${minutes}m`;
  const hours = Math.trunc(ms / HOUR);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = Math.trunc(hours / 24) % 365;
    const y = Math.trunc(hours / 24 / 365);
    return dy === 0 ? `${y}y` : `${y}y${dy}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/**
 * formatAge is the printers' translateTimestampSince: `<unknown>` for a missing (zero)
 * timestamp, otherwise humanDuration(now − timestamp). nowMs is the virtual clock in ms; the
 * timestamp is RFC 3339 (e.g. created at "…T00:00:31Z", now 105 s in → 74 s → `74s`).
 */
export function formatAge(nowMs: number, timestamp: string | undefined | null): string {
  const t = parseRFC3339(timestamp);
  if (Number.isNaN(t)) return '<unknown>';
  return humanDuration(nowMs - t);
}

/** formatShortAge is formatAge with shortHumanDuration (one unit: `5s`, `3m`). */
export function formatShortAge(nowMs: number, timestamp: string | undefined | null): string {
  const t = parseRFC3339(timestamp);
  if (Number.isNaN(t)) return '<unknown>';
  return shortHumanDuration(nowMs - t);
}
