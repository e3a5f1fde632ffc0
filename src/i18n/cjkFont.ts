/**
 * The zh-CN font, loaded only when the UI speaks zh-CN (or the reader reaches for the language
 * switch): an English page never requests its CSS or any of its files. Once loaded, the subsets
 * that the UI's own Chinese strings need are fetched in idle time, so a later view (or the page
 * offline, through the service worker's font cache) never shows a missing glyph.
 */
let loading: Promise<void> | null = null;

/**
 * UI_SYMBOLS are the characters the components draw outside their strings (the check marks of
 * the expectations and of the rollout summary, arrows, ≥): in zh-CN the CJK font's symbol subset
 * may draw them, so it is warmed with the strings' subsets or the mark fails to draw offline.
 */
export const UI_SYMBOLS = '←↑→↓−≥✓✕';

/** FAMILY is the font's family name in @fontsource-variable/noto-sans-sc's CSS. */
export const CJK_FAMILY = 'Noto Sans SC Variable';

/**
 * MONO_FAMILY is the zh-CN terminals' monospace font (@fontsource-variable/noto-sans-mono), in the
 * same stylesheet: its Latin subset is warmed with the CJK subsets, so the tables line up offline.
 */
export const MONO_FAMILY = 'Noto Sans Mono Variable';

/** A character of the mono font's Latin subset: the face that holds it is the one the terminals use. */
const MONO_PROBE = 'A';

/** loadCjkFont adds the font's @font-face rules to the page (once). */
export function loadCjkFont(): Promise<void> {
  loading ??= import('./cjkFont.css').then(() => {
    if (typeof document === 'undefined' || !document.fonts) return;
    reshapeSoon();
    document.fonts.addEventListener('loadingdone', reshapeSoon);
  });
  return loading;
}

let frame = 0;
let reshapes = 0;

/**
 * reshapeSoon makes the browser shape the page's text again at the next frame. Chromium 156 keeps
 * text it shaped while the subsets were loading (the header's 场景 and 导入 in a page opened in
 * zh-CN) drawn with the fallback's empty boxes once they have loaded: its shaping cache still
 * holds the boxes for that font description. Each batch of loaded subsets therefore sets an
 * inherited font feature the fonts do not have (so the same glyphs are drawn), with a tag never
 * used before on this page (`rl01`, `rl02`…), which no cached shaping can match.
 */
function reshapeSoon(): void {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    reshapes = (reshapes % 99) + 1;
    document.documentElement.style.fontFeatureSettings = `"rl${String(reshapes).padStart(2, '0')}" 1`;
  });
}

/** parseUnicodeRange reads a CSS unicode-range (`U+4e00-4e0f, U+ff01`) into [from, to] pairs. */
export function parseUnicodeRange(range: string): [number, number][] {
  const out: [number, number][] = [];
  for (const part of range.split(',')) {
    const m = /^\s*U\+([0-9a-f?]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!m?.[1]) continue;
    // U+4?? is a wildcard range: U+400-4FF
    const from = Number.parseInt(m[1].replace(/\?/g, '0'), 16);
    const to = Number.parseInt(m[2] ?? m[1].replace(/\?/g, 'f'), 16);
    out.push([from, to]);
  }
  return out;
}

/** facesFor picks the font faces whose unicode-range holds at least one of the text's characters. */
export function facesFor<F extends { unicodeRange: string }>(faces: Iterable<F>, text: string): F[] {
  const points = new Set<number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    // Arrows, maths and dingbats onwards (✓ → ≥: a machine's Latin fonts may lack them, and then
    // the zh-CN page draws them with this font too); Latin and its punctuation come from the Latin fonts.
    if (cp >= 0x2190) points.add(cp);
  }
  const out: F[] = [];
  for (const face of faces) {
    const ranges = parseUnicodeRange(face.unicodeRange);
    for (const cp of points) {
      if (ranges.some(([a, b]) => cp >= a && cp <= b)) {
        out.push(face);
        break;
      }
    }
  }
  return out;
}

/**
 * cjkFontFiles lists the URLs of the font's stylesheet and of the subsets that `text` needs, read
 * from the stylesheet itself (a FontFace does not tell its URL); none in dev, where the CSS is an
 * inline <style>.
 */
function cjkFontFiles(text: string): string[] {
  const sheet = [...document.styleSheets].find((s) => s.href && /\/cjkFont-[^/]*\.css$/.test(s.href));
  if (!sheet?.href) return [];
  const faces: { family: string; unicodeRange: string; url: string }[] = [];
  for (const rule of sheet.cssRules) {
    if (!(rule instanceof CSSFontFaceRule)) continue;
    const src = /url\(["']?([^"')]+)/.exec(rule.style.getPropertyValue('src'))?.[1];
    if (src)
      faces.push({
        family: rule.style.getPropertyValue('font-family'),
        unicodeRange: rule.style.getPropertyValue('unicode-range'),
        url: new URL(src, sheet.href).href,
      });
  }
  const cjk = faces.filter((f) => sameFamily(f.family, CJK_FAMILY));
  const mono = monoLatin(faces.filter((f) => sameFamily(f.family, MONO_FAMILY)));
  return [sheet.href, ...facesFor(cjk, text).map((f) => f.url), ...mono.map((f) => f.url)];
}

/** sameFamily compares a font-family as CSS or a FontFace writes it (quoted or not) with a name. */
function sameFamily(family: string, name: string): boolean {
  return family.replace(/["']/g, '').trim() === name;
}

/** monoLatin picks the mono font's face that holds Latin (the subset the terminals' tables use). */
export function monoLatin<F extends { unicodeRange: string }>(faces: Iterable<F>): F[] {
  const cp = MONO_PROBE.codePointAt(0) ?? 0;
  return [...faces].filter((f) => parseUnicodeRange(f.unicodeRange).some(([a, b]) => cp >= a && cp <= b));
}

/**
 * warmCjkFont fetches the font's subsets that `text` needs and the page has not loaded yet, and,
 * once the service worker controls the page, fetches the stylesheet and those subsets through it
 * (from the HTTP cache, mostly) so that its font cache holds them for the next visit offline.
 */
export function warmCjkFont(text: string): void {
  if (typeof document === 'undefined' || !document.fonts) return;
  const unloaded = [...document.fonts].filter((f) => f.status === 'unloaded');
  const faces = [
    ...facesFor(
      unloaded.filter((f) => sameFamily(f.family, CJK_FAMILY)),
      text,
    ),
    ...monoLatin(unloaded.filter((f) => sameFamily(f.family, MONO_FAMILY))),
  ];
  for (const face of faces) face.load().catch(() => {}); // offline: drawn once online
  const workers = navigator.serviceWorker;
  if (!workers) return;
  const cache = () => {
    for (const url of cjkFontFiles(text)) fetch(url).catch(() => {});
  };
  if (workers.controller) cache();
  else workers.addEventListener('controllerchange', cache, { once: true });
}
