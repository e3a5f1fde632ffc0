/**
 * The lesson panel's and dialog's words in English and Simplified Chinese, as their own i18next
 * namespace (`lesson`) added on first use: they load with the lessons, not with the page.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

export const LESSON_NS = 'lesson';

const en = {
  dialog: {
    title: 'Lessons',
    description:
      'Each lesson stops at the moments that matter and asks you to predict what the controller decides next.',
    chapter: 'Chapter',
    open: 'Open',
    continue: 'Continue at step {{step}}',
    done: 'done',
    progress: 'step {{step}} of {{total}}',
    notStarted: '{{total}} steps',
    own: 'This scenario’s lesson',
    ownNone: 'This scenario has no lesson of its own yet.',
    write: 'Write your own',
    writeHint:
      'Move to a moment (a tick, a decision), then add it as a step. The lesson is saved in the scenario: Export and Share carry it.',
    loadFailed: 'The lesson could not be opened: {{why}}',
  },
  panel: {
    title: 'Lesson',
    stepOf: 'Step {{step}} of {{total}}',
    previous: 'Previous step',
    next: 'Next step',
    close: 'Close lesson',
    placing: 'Finding this step’s moment in the run…',
    notFound: 'This step’s moment is not in this run ({{why}}); did the scenario change?',
    atTick: 'tick {{tick}}',
    finished: 'Last step. Well done!',
  },
  question: {
    prediction: 'Your prediction',
    check: 'Check',
    right: 'Right: {{answer}}.',
    wrong: 'Not quite: the controller decided {{answer}} (you said {{input}}).',
    empty: 'Type a number first.',
    pickFirst: 'Pick one of the answers first.',
    formula: 'How the controller got there:',
    tryAgain: 'Predict, then Check: the step shows the state just before the decision.',
  },
  author: {
    add: 'Add this moment as a step',
    text: 'What to say at this moment',
    ask: 'Ask the learner to predict',
    none: 'no question',
    questionText: 'The question',
    save: 'Add step',
    cancel: 'Cancel',
    added: 'Step added at tick {{tick}}.',
    newTitle: 'My lesson: {{name}}',
    defaultQuestion: 'What does the controller decide: {{what}}?',
    defaultChoiceQuestion: 'Which {{value}} does {{fn}} record ({{key}})?',
    kind: 'The learner answers by',
    kindNumber: 'typing a number',
    kindChoices: 'picking one of the choices',
    textOnly: 'This value is not a number: the learner picks it from choices.',
    choices: 'Choices',
    choicesHint:
      '2 to {{max}}, shown in this order. The engine’s answer at this moment is {{answer}}: it must be one of them.',
    choice: 'Choice {{n}}',
    engineAnswer: 'the engine’s answer at this moment',
    moveUp: 'Move choice {{n}} up',
    moveDown: 'Move choice {{n}} down',
    remove: 'Remove choice {{n}}',
    addChoice: 'Add a choice',
    missing:
      'None of the choices is the engine’s answer at this moment, {{answer}}: no pick could be right, and the lesson would report this step.',
    offer: 'Add {{answer}} as a choice',
    moved: '{{value}} is now choice {{n}}.',
    removed: 'Choice {{n}} removed.',
    refused: 'The step was not added: the lesson format refuses it.',
  },
};

type Strings = typeof en;

const zhCN: Strings = {
  dialog: {
    title: '课程',
    description: '每节课停在关键的时刻，请你先预测控制器接下来的决定。',
    chapter: '章节',
    open: '打开',
    continue: '从第 {{step}} 步继续',
    done: '已完成',
    progress: '第 {{step}} / {{total}} 步',
    notStarted: '共 {{total}} 步',
    own: '本场景自带的课程',
    ownNone: '本场景还没有自己的课程。',
    write: '自己编写',
    writeHint:
      '先移动到某个时刻（一个 tick、一个决策），再把它加为一步。课程保存在场景里：导出和分享都会带上它。',
    loadFailed: '无法打开课程：{{why}}',
  },
  panel: {
    title: '课程',
    stepOf: '第 {{step}} / {{total}} 步',
    previous: '上一步',
    next: '下一步',
    close: '关闭课程',
    placing: '正在运行中查找这一步的时刻…',
    notFound: '本次运行中找不到这一步的时刻（{{why}}）；场景是否改过？',
    atTick: '第 {{tick}} 个 tick',
    finished: '最后一步，做得好！',
  },
  question: {
    prediction: '你的预测',
    check: '检查',
    right: '正确：{{answer}}。',
    wrong: '不对：控制器的决定是 {{answer}}（你填的是 {{input}}）。',
    empty: '请先填一个数字。',
    pickFirst: '请先选一个答案。',
    formula: '控制器是这样算出来的：',
    tryAgain: '先预测，再点“检查”：此时显示的是决策之前的状态。',
  },
  author: {
    add: '把此刻加为一步',
    text: '这一刻要讲的内容',
    ask: '请学习者预测',
    none: '不提问',
    questionText: '问题',
    save: '添加这一步',
    cancel: '取消',
    added: '已在第 {{tick}} 个 tick 添加一步。',
    newTitle: '我的课程：{{name}}',
    defaultQuestion: '控制器会决定 {{what}} 是多少？',
    defaultChoiceQuestion: '{{fn}} 记录的 {{value}}（{{key}}）是哪一个？',
    kind: '学习者的作答方式',
    kindNumber: '填一个数字',
    kindChoices: '从选项中选一个',
    textOnly: '这个值不是数字：学习者从选项中选择。',
    choices: '选项',
    choicesHint: '2 到 {{max}} 个，按此顺序显示。此刻引擎的答案是 {{answer}}：它必须是其中之一。',
    choice: '选项 {{n}}',
    engineAnswer: '此刻引擎的答案',
    moveUp: '把选项 {{n}} 上移',
    moveDown: '把选项 {{n}} 下移',
    remove: '删除选项 {{n}}',
    addChoice: '添加选项',
    missing: '没有一个选项是此刻引擎的答案 {{answer}}：怎么选都不会对，课程会把这一步报告为有问题。',
    offer: '把 {{answer}} 加为选项',
    moved: '{{value}} 现在是选项 {{n}}。',
    removed: '已删除选项 {{n}}。',
    refused: '没有添加这一步：课程格式不接受它。',
  },
};

/** LESSON_STRINGS: the bundles by language (tests compare their keys). */
export const LESSON_STRINGS: Record<'en' | 'zh-CN', Strings> = { en, 'zh-CN': zhCN };

/** ensureLessonStrings adds the bundles to an initialised instance once. */
export function ensureLessonStrings(i18n: I18n = i18next): void {
  if (!i18n.isInitialized) return;
  for (const [lng, bundle] of Object.entries(LESSON_STRINGS)) {
    if (!i18n.hasResourceBundle(lng, LESSON_NS)) i18n.addResourceBundle(lng, LESSON_NS, bundle);
  }
}

/** useLessonT is `t` of the lesson namespace in the reader's language. */
export function useLessonT(): TFunction<typeof LESSON_NS> {
  const { t, i18n } = useTranslation(LESSON_NS);
  ensureLessonStrings(i18n);
  return t;
}
