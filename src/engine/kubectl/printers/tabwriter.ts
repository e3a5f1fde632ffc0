// Port of Go text/tabwriter (format/writeLines) with the RememberWidths flag of
// github.com/liggitt/tabwriter, the fork kubectl uses (cli-runtime pkg/printers/tabwriter.go).

/** TabWriterOptions are tabwriter.NewWriter's parameters (padchar is always a space here). */
export interface TabWriterOptions {
  /** Minimal cell width including padding. */
  minwidth: number;
  /** Padding added to a cell's width to get the column width. */
  padding: number;
  /** RememberWidths: keep each column's widest width across flushes. */
  rememberWidths: boolean;
}

/** kubectl get's writer: GetNewTabWriter(minwidth 6, tabwidth 4, padding 3, RememberWidths). */
export const GET_TABWRITER: TabWriterOptions = { minwidth: 6, padding: 3, rememberWidths: true };
/** describe and rollout history's tabbedString: Init(buf, 0, 8, 2, ' ', 0). */
export const DESCRIBE_TABWRITER: TabWriterOptions = { minwidth: 0, padding: 2, rememberWidths: false };

/** Remembered per-column maximum widths; plain data so a printer's state can be serialised. */
export type RememberedWidths = number[];

interface Cell {
  text: string;
  width: number;
}

function runeCount(s: string): number {
  return [...s].length;
}

/**
 * splitLines cuts buffered text into lines of tab-terminated cells. The text after the last tab
 * is the line's last cell, which belongs to no column (it is never padded). A trailing newline
 * leaves an empty last line with no cells, as the Go writer's buffer does after "\n".
 */
function splitLines(text: string): Cell[][] {
  const segments = text.split('\n');
  return segments.map((seg, i) => {
    const isLast = i === segments.length - 1;
    if (isLast && seg === '') return [];
    const cells = seg.split('\t').map((t) => ({ text: t, width: runeCount(t) }));
    // An unterminated last line does not terminate an empty trailing cell (flush only
    // terminates a cell that holds text).
    if (isLast && cells.length > 1 && cells[cells.length - 1]?.text === '') cells.pop();
    return cells;
  });
}

/**
 * tabwriterFormat formats one flush of buffered text: each column block (consecutive lines that
 * have a cell in that column) gets width max(minwidth, widest cell + padding); cells are padded
 * with spaces to that width. With rememberWidths the widths of earlier flushes are a floor and
 * are raised by this one (kubectl get -w keeps its columns stable this way).
 * Example: "NAME\tDESIRED\n" + "nginx-64f9d8d55d\t10\n" → NAME column 16 + 3 = 19 wide.
 */
export function tabwriterFormat(
  text: string,
  opts: TabWriterOptions,
  remembered: RememberedWidths = [],
): { text: string; remembered: RememberedWidths } {
  const lines = splitLines(text);
  const maxwidths = [...remembered];
  const widths: number[] = [];
  const out: string[] = [];

  const writeLines = (line0: number, line1: number): void => {
    for (let i = line0; i < line1; i++) {
      const line = lines[i] ?? [];
      line.forEach((c, j) => {
        out.push(c.text);
        const w = widths[j];
        if (j < widths.length && w !== undefined) out.push(' '.repeat(Math.max(0, w - c.width)));
      });
      if (i + 1 < lines.length) out.push('\n');
    }
  };

  const format = (line0In: number, line1: number): void => {
    let line0 = line0In;
    const column = widths.length;
    for (let row = line0; row < line1; row++) {
      if (column >= (lines[row]?.length ?? 0) - 1) continue;
      // Print the lines above this column block, then size the block.
      writeLines(line0, row);
      line0 = row;
      let width = opts.minwidth;
      for (; row < line1; row++) {
        const line = lines[row] ?? [];
        if (column >= line.length - 1) break;
        const w = (line[column]?.width ?? 0) + opts.padding;
        if (w > width) width = w;
      }
      if (opts.rememberWidths) {
        if (maxwidths.length < widths.length) maxwidths.push(...widths.slice(maxwidths.length));
        const prev = maxwidths[widths.length];
        if (prev === undefined) maxwidths.push(width);
        else if (prev > width) width = prev;
        else if (prev < width) maxwidths[widths.length] = width;
      }
      widths.push(width);
      format(line0, row);
      widths.pop();
      line0 = row;
    }
    writeLines(line0, line1);
  };

  format(0, lines.length);
  return { text: out.join(''), remembered: opts.rememberWidths ? maxwidths : remembered };
}

/** tabbedString formats text written in one go with describe's writer (no remembered widths). */
export function tabbedString(text: string): string {
  return tabwriterFormat(text, DESCRIBE_TABWRITER).text;
}
