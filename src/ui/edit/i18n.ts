/**
 * The words of the scenario edits (Undo, the fork warning, the image behaviour editor, the
 * before-the-run note) in English and Simplified Chinese, as their own i18next namespace (`edit`)
 * added to the page's instance on first use, so this folder owns its strings.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The namespace of these strings. */
export const EDIT_NS = 'edit';

const en = {
  undo: {
    button: 'Undo',
    title: 'Undo: back to “{{name}}” at tick {{tick}} (Ctrl+Z)',
    nothing: 'Nothing to undo',
    failed: 'Undo failed: {{message}}',
  },
  fork: {
    title: 'This change drops the script after tick {{tick}}',
    description:
      'A change after the run started forks it here: the run goes on from tick {{tick}} with your change, and the scripted actions due later are dropped. Undo brings them back.',
    listLabel: 'Scripted actions that will be dropped',
    at: 'at {{at}} s',
    apply: 'kubectl apply ({{object}})',
    node: {
      fault: 'node {{name}} goes NotReady',
      recover: 'node {{name}} is Ready again',
      add: 'node {{name}} joins',
      remove: 'node {{name}} leaves',
    },
    confirm: 'Drop them and apply my change',
    cancel: 'Keep the script',
  },
  controls: {
    beforeRun: 'Before the run: a change edits the manifest itself, and every scripted action stays.',
  },
  images: {
    open: 'Image behaviour…',
    title: 'Image behaviour',
    description:
      'How the simulated kubelet runs each image: when its pull ends, when the container starts, when the application starts answering (Ready). Applying records the whole run again, at the same tick.',
    defaults:
      'Defaults: pull 1 s, start 1 s, Ready 1–4 s after the start (uniform, drawn from the seed); as an init container the image runs 1 s, then exits 0. An empty field takes the default row’s value; write 2 for a fixed time or 1-4 for a range.',
    image: 'Image',
    pull: 'Pull (s)',
    start: 'Start (s)',
    ready: 'Ready after (s)',
    run: 'Init runs (s)',
    pullFails: 'Pull fails',
    crashes: 'Crashes',
    neverReady: 'Never ready',
    defaultRow: 'every other image',
    unused: 'not used',
    badSeconds: '{{image}}: “{{value}}” is not a time in seconds (2) or a range (1-4)',
    badNumber: '{{image}}: “{{value}}” is not a number above 0',
    appTitle: 'Application.',
    appNote:
      'How it answers requests when the scenario has traffic: it listens from its Ready-after time; at SIGTERM it stops listening and exits, or drains (finishes the requests in flight, then exits); above its max rps a pod answers HTTP 503.',
    onSigterm: 'At SIGTERM',
    sigterm: { exit: 'exit', drain: 'drain' },
    sigtermDefault: 'default ({{value}})',
    requestMs: 'Request (ms)',
    maxRps: 'Max rps per pod',
    noLimit: 'no limit',
    apply: 'Apply',
    cancel: 'Cancel',
  },
};

type Strings = typeof en;

const zhCN: Strings = {
  undo: {
    button: '撤销',
    title: '撤销：回到“{{name}}”的第 {{tick}} 个 tick（Ctrl+Z）',
    nothing: '没有可撤销的操作',
    failed: '撤销失败：{{message}}',
  },
  fork: {
    title: '此修改会丢弃第 {{tick}} 个 tick 之后的脚本',
    description:
      '运行开始后的修改会在此处分叉：运行从第 {{tick}} 个 tick 带着你的修改继续，之后才到期的脚本操作会被丢弃。“撤销”可以找回它们。',
    listLabel: '将被丢弃的脚本操作',
    at: '{{at}} 秒时',
    apply: 'kubectl apply（{{object}}）',
    node: {
      fault: '节点 {{name}} 变为 NotReady',
      recover: '节点 {{name}} 恢复 Ready',
      add: '节点 {{name}} 加入',
      remove: '节点 {{name}} 离开',
    },
    confirm: '丢弃它们并应用我的修改',
    cancel: '保留脚本',
  },
  controls: {
    beforeRun: '运行开始前：修改会直接改动清单本身，所有脚本操作都会保留。',
  },
  images: {
    open: '镜像行为…',
    title: '镜像行为',
    description:
      '模拟的 kubelet 如何运行每个镜像：拉取何时结束、容器何时启动、应用何时开始响应（Ready）。应用修改会重新录制整个运行，并停在同一个 tick。',
    defaults:
      '默认值：拉取 1 秒，启动 1 秒，启动后 1–4 秒 Ready（均匀分布，由种子决定）；作为 Init 容器时运行 1 秒后以 0 退出。留空则取“默认”行的值；固定时间写 2，范围写 1-4。',
    image: '镜像',
    pull: '拉取（秒）',
    start: '启动（秒）',
    ready: 'Ready 于（秒）',
    run: 'Init 运行（秒）',
    pullFails: '拉取失败',
    crashes: '崩溃',
    neverReady: '永不 Ready',
    defaultRow: '其他所有镜像',
    unused: '未使用',
    badSeconds: '{{image}}：“{{value}}”不是秒数（2）或范围（1-4）',
    badNumber: '{{image}}：“{{value}}”不是大于 0 的数',
    appTitle: '应用程序。',
    appNote:
      '场景有流量时它如何应答请求：从“Ready 于”所填的时间开始监听；收到 SIGTERM 时停止监听并退出（exit），或先排空（drain：处理完进行中的请求再退出）；每个 Pod 超过最大 rps 时返回 HTTP 503。',
    onSigterm: '收到 SIGTERM 时',
    sigterm: { exit: 'exit（退出）', drain: 'drain（排空）' },
    sigtermDefault: '默认（{{value}}）',
    requestMs: '请求耗时（毫秒）',
    maxRps: '每个 Pod 最大 rps',
    noLimit: '不限',
    apply: '应用',
    cancel: '取消',
  },
};

/** EDIT_STRINGS: the bundles by language (tests compare their keys). */
export const EDIT_STRINGS: Record<'en' | 'zh-CN', Strings> = { en, 'zh-CN': zhCN };

/** ensureEditStrings adds the bundles to an initialised instance once (idempotent, cheap). */
export function ensureEditStrings(i18n: I18n = i18next): void {
  if (!i18n.isInitialized) return;
  for (const [lng, bundle] of Object.entries(EDIT_STRINGS)) {
    if (!i18n.hasResourceBundle(lng, EDIT_NS)) i18n.addResourceBundle(lng, EDIT_NS, bundle);
  }
}

/** The `t` of the edit namespace. */
export type EditT = TFunction<typeof EDIT_NS>;

/** useEditT is `t` of the edit namespace in the reader's language. */
export function useEditT(): EditT {
  const { t, i18n } = useTranslation(EDIT_NS);
  ensureEditStrings(i18n);
  return t;
}
