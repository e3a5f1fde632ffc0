/**
 * The zh-CN resources of the page's three namespaces, in a module of their own: src/i18n/index.ts
 * loads it only when the UI speaks zh-CN, so an English page downloads none of its Chinese.
 */
import { EXPLAIN_ZH_CN } from './explain.zh-CN.ts';
import { SUMMARY_ZH_CN } from './summary.zh-CN.ts';
import { zhCN } from './zh-CN.ts';

/** ZH_CN_RESOURCES maps each namespace to its zh-CN strings. */
export const ZH_CN_RESOURCES = { translation: zhCN, explain: EXPLAIN_ZH_CN, summary: SUMMARY_ZH_CN };
