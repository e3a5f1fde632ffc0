/**
 * The Traffic chart's words in English and Simplified Chinese, as their own i18next namespace
 * (`traffic`) added on first use: they load with the chart, only for a scenario with traffic.
 * The outcomes' names are the contract's (DESIGN.md §15); HTTP 503 stays as HTTP writes it.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The namespace of these strings. */
export const TRAFFIC_NS = 'traffic';

const en = {
  region: 'Traffic',
  chartLabel:
    'Requests per second to {{service}} over virtual time: ok above the line by the revision that served them, failed ones below it on their own scale',
  service: 'Service',
  at: 'Second {{second}}',
  idle: 'no requests',
  ok: 'ok',
  okRevision: 'ok · rev {{revision}}',
  outcome: {
    refused: 'refused',
    reset: 'reset',
    timeout: 'timeout',
    http503: 'HTTP 503',
  },
  outcomeTitle: {
    refused:
      'Connection refused: no endpoint programmed on the client node, or the chosen pod was not listening',
    reset:
      'Connection reset: the process exited with the request in flight, or a kept-alive connection’s process exited',
    timeout: 'Timed out: a DROP rule, or the chosen pod is gone',
    http503: 'HTTP 503: the pod was over its maxRps',
  },
  endpoints: '{{count}} endpoints programmed',
  errors: 'errors/s, own scale',
  noErrors: 'no errors',
};

type Strings = typeof en;

const zhCN: Strings = {
  region: '流量',
  chartLabel:
    '{{service}} 每秒请求数随虚拟时间的变化：成功（ok）按处理它的修订版本画在线上方，失败画在线下方，使用独立刻度',
  service: 'Service',
  at: '第 {{second}} 秒',
  idle: '没有请求',
  ok: 'ok',
  okRevision: 'ok · 修订 {{revision}}',
  outcome: {
    refused: '连接被拒绝',
    reset: '连接被重置',
    timeout: '超时',
    http503: 'HTTP 503',
  },
  outcomeTitle: {
    refused: '连接被拒绝（refused）：客户端节点上没有已编程的端点，或选中的 Pod 没有在监听',
    reset: '连接被重置（reset）：请求处理中进程退出，或长连接所在的进程已退出',
    timeout: '超时（timeout）：命中 DROP 规则，或选中的 Pod 已不存在',
    http503: 'HTTP 503：Pod 超过了它的 maxRps',
  },
  endpoints: '已编程端点 {{count}} 个',
  errors: '错误/秒，独立刻度',
  noErrors: '没有错误',
};

/** TRAFFIC_STRINGS: the bundles by language (tests compare their keys). */
export const TRAFFIC_STRINGS: Record<'en' | 'zh-CN', Strings> = { en, 'zh-CN': zhCN };

/** ensureTrafficStrings adds the bundles to an initialised instance once (idempotent, cheap). */
export function ensureTrafficStrings(i18n: I18n = i18next): void {
  if (!i18n.isInitialized) return;
  for (const [lng, bundle] of Object.entries(TRAFFIC_STRINGS)) {
    if (!i18n.hasResourceBundle(lng, TRAFFIC_NS)) i18n.addResourceBundle(lng, TRAFFIC_NS, bundle);
  }
}

/** The `t` of the traffic namespace. */
export type TrafficT = TFunction<typeof TRAFFIC_NS>;

/** useTrafficT is `t` of the traffic namespace in the reader's language. */
export function useTrafficT(): TrafficT {
  const { t, i18n } = useTranslation(TRAFFIC_NS);
  ensureTrafficStrings(i18n);
  return t;
}
