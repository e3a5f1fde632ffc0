/**
 * How a rollout's errors read in the Run summary table, the rollout strip and the Sweep: the
 * failed requests and their share, with the breakdown by outcome in a title, or "—" when no
 * traffic reached the rollout (DESIGN.md §15: the summary's `traffic` object is absent then).
 */
import type { TFunction } from 'i18next';
import { type ErrorFigures, errorCount, percent, seconds } from './format.ts';

export interface ErrorsText {
  /** `12 (1.2%)` in the table, `12 of 1000 (1.2%)` in the strip; "—" without traffic. */
  text: string;
  /** The breakdown by outcome and the longest run of errors; the reason for "—" without traffic. */
  title: string;
}

/** errorsText words a rollout's traffic figures; `long` adds the number of requests. */
export function errorsText(t: TFunction, f: ErrorFigures | undefined, long = false): ErrorsText {
  if (!f) return { text: '—', title: t('compare.summary.noTraffic') };
  const errors = errorCount(f);
  const rate = percent(f.errorRate);
  return {
    text: long
      ? t('compare.summary.errorsValue', { errors, requests: f.requests, rate })
      : `${errors} (${rate})`,
    title: t('compare.summary.errorsTitle', {
      service: f.service,
      refused: f.refused,
      reset: f.reset,
      timeout: f.timeout,
      http503: f.http503,
      burst: seconds(f.longestErrorBurstSeconds),
    }),
  };
}
