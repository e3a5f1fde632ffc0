/**
 * Why a share link did not open, as a message key and its values, so the page can say it in the
 * reader's language (src/i18n: `link.problem.*`) while the decoder's English (`errors`) stays the
 * same for tests and tools. The English templates live here, in i18next's `{{name}}` form; en.ts
 * uses them as they are and zh-CN.ts translates them.
 */

const DAMAGED = 'This link is damaged';
const RECOPY = 'Was it cut off or changed when it was copied?';

/** LINK_PROBLEMS_EN are the English templates of every reason a link does not open. */
export const LINK_PROBLEMS_EN = {
  empty: 'This link has no scenario in it (nothing after #)',
  tooLong: `${DAMAGED}: it is {{chars}} characters long, more than any scenario of at most 1 MiB needs`,
  notLink: 'This is not a Rollout Lab scenario link: the part after # should start with v{{version}}.',
  newer:
    'This link was made by a newer version of Rollout Lab (v{{found}}); this version opens v{{version}} links. Open it with the newer Rollout Lab, or ask for a link made with this one.',
  unknownVersion: 'This link has an unknown format version (v{{found}}); this version opens v{{version}} links.',
  badTick: `${DAMAGED}: its tick (t={{value}}) is not a whole number ≥ 0`,
  noData: `${DAMAGED}: it has no scenario data after v{{version}}. ${RECOPY}`,
  notBase64: `${DAMAGED}: its data is not base64url ({{detail}}). ${RECOPY}`,
  tooLarge: "This link's scenario is more than 1 MiB, over Rollout Lab's limit of 1 MiB ({{bytes}} bytes) (it keeps the page responsive)",
  noInflate: `${DAMAGED}: its data does not decompress ({{detail}}). ${RECOPY}`,
  notUtf8: `${DAMAGED}: its scenario is not UTF-8 text. ${RECOPY}`,
  notJson: `${DAMAGED}: its scenario is not valid JSON ({{detail}})`,
  invalid: "This link's scenario is invalid: {{detail}}",
  thrown: `${DAMAGED}: {{detail}}`,
} as const;

export type LinkProblemKey = keyof typeof LINK_PROBLEMS_EN;

/** A reason in data: `key` names a template, `values` fill it (numbers already formatted). */
export interface LinkProblem {
  key: LinkProblemKey;
  values: Record<string, string>;
}

/** fillTemplate writes a `{{name}}` template with its values (a missing value stays as written). */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (all, name: string) => values[name] ?? all);
}

/** linkProblemText is a problem in English, as the decoder's `errors` say it. */
export function linkProblemText(p: LinkProblem): string {
  return fillTemplate(LINK_PROBLEMS_EN[p.key], p.values);
}
