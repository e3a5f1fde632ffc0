/**
 * The words of the StatefulSet views (the Cluster panel's ordinals, the Controls' StatefulSet
 * fields) in English and Simplified Chinese, as their own i18next namespace (`sts`) added on
 * first use: the components that use them load on demand, so these strings stay out of the
 * first page's JavaScript.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The namespace of these strings. */
export const STS_NS = 'sts';

const en = {
  ordinals: {
    region: 'StatefulSet {{name}} by ordinal',
    policy: '{{policy}} · partition {{partition}}',
    revisions: 'update: rev {{update}} · current: rev {{current}}',
    sameRevision: 'rev {{revision}} (update = current)',
    which: { update: 'update', current: 'current', other: 'older' },
    podLabel: '{{pod}}: {{phase}}, rev {{revision}} ({{which}})',
    noPod: 'no pod',
    claim: 'claim {{name}}: {{phase}}',
    more: '… {{count}} more ordinals not listed',
    why: 'Why',
  },
  why: {
    waiting:
      '{{pod}} is not created yet: OrderedReady creates the next ordinal only once {{waitingFor}} is Running and Ready (now {{phase}}).',
    waitingMissing: '{{pod}} is not created yet: OrderedReady creates {{waitingFor}} first.',
    nextSync: '{{pod}} is not created yet: the StatefulSet controller creates it at its next sync.',
    condemned:
      '{{pod}} is being scaled away: its ordinal {{ordinal}} is past the {{replicas}} wanted (ordinals {{first}}–{{last}}), and the highest goes first.',
    claimKept:
      '{{pod}} has no pod but its claim {{claim}} stays (whenScaled: {{policy}}): scaling back up reuses it.',
    partition:
      '{{pods}} stay on rev {{current}}: ordinals below partition {{partition}} are not updated (rev {{update}} goes to ordinals ≥ {{partition}}).',
  },
  controls: {
    partitionHelp:
      'Ordinals ≥ {{partition}} get the new revision, one pod at a time from the highest down; {{below}} below keep the current one.',
    partitionAll: 'partition 0: every ordinal is updated, one pod at a time from the highest down.',
    policyLocked:
      'Fixed once the StatefulSet exists: the API server forbids updates to podManagementPolicy. Change it at tick 0, before the run.',
    policyHelp: {
      OrderedReady:
        'OrderedReady: create web-0, web-1, … one at a time, each once the one before is Running and Ready.',
      Parallel: 'Parallel: create and delete every pod at once, without waiting.',
    },
  },
};

type Strings = typeof en;

const zhCN: Strings = {
  ordinals: {
    region: 'StatefulSet {{name}}（按序号）',
    policy: '{{policy}} · partition {{partition}}',
    revisions: '更新：版本 {{update}} · 当前：版本 {{current}}',
    sameRevision: '版本 {{revision}}（更新版本 = 当前版本）',
    which: { update: '更新', current: '当前', other: '更旧' },
    podLabel: '{{pod}}：{{phase}}，版本 {{revision}}（{{which}}）',
    noPod: '无 Pod',
    claim: '存储声明 {{name}}：{{phase}}',
    more: '… 另有 {{count}} 个序号未列出',
    why: '原因',
  },
  why: {
    waiting:
      '{{pod}} 尚未创建：OrderedReady 要等 {{waitingFor}} 处于 Running 且 Ready 后才创建下一个序号（当前：{{phase}}）。',
    waitingMissing: '{{pod}} 尚未创建：OrderedReady 先创建 {{waitingFor}}。',
    nextSync: '{{pod}} 尚未创建：StatefulSet 控制器会在下一次同步时创建它。',
    condemned:
      '{{pod}} 正在被缩容：它的序号 {{ordinal}} 超出了所需的 {{replicas}} 个（序号 {{first}}–{{last}}），序号最高的先删除。',
    claimKept:
      '{{pod}} 没有 Pod，但它的存储声明 {{claim}} 保留（whenScaled: {{policy}}）：再次扩容时会复用它。',
    partition:
      '{{pods}} 保持在版本 {{current}}：序号低于 partition {{partition}} 的 Pod 不更新（版本 {{update}} 只用于序号 ≥ {{partition}}）。',
  },
  controls: {
    partitionHelp:
      '序号 ≥ {{partition}} 的 Pod 获得新版本，从最高序号开始每次一个；低于它的 {{below}} 个保持当前版本。',
    partitionAll: 'partition 0：所有序号都会更新，从最高序号开始每次一个。',
    policyLocked:
      'StatefulSet 创建后不可更改：API 服务器禁止更新 podManagementPolicy。请在运行前（第 0 个 tick）修改。',
    policyHelp: {
      OrderedReady: 'OrderedReady：依次创建 web-0、web-1……每个都等前一个 Running 且 Ready 后再创建。',
      Parallel: 'Parallel：同时创建和删除所有 Pod，不等待。',
    },
  },
};

/** STS_STRINGS: the bundles by language (tests compare their keys). */
export const STS_STRINGS: Record<'en' | 'zh-CN', Strings> = { en, 'zh-CN': zhCN };

/** ensureStsStrings adds the bundles to an initialised instance once (idempotent, cheap). */
export function ensureStsStrings(i18n: I18n = i18next): void {
  if (!i18n.isInitialized) return;
  for (const [lng, bundle] of Object.entries(STS_STRINGS)) {
    if (!i18n.hasResourceBundle(lng, STS_NS)) i18n.addResourceBundle(lng, STS_NS, bundle);
  }
}

/** The `t` of the sts namespace. */
export type StsT = TFunction<typeof STS_NS>;

/** useStsT is `t` of the sts namespace in the reader's language. */
export function useStsT(): StsT {
  const { t, i18n } = useTranslation(STS_NS);
  ensureStsStrings(i18n);
  return t;
}
