// Port of the parts of spf13/pflag and spf13/cobra that kubectl's command line relies on:
// interleaved flags, `--name=value` / `--name value` / `-n value` / `-nvalue`, bool flags, `--`,
// and their error messages (plus kubectl's FlagErrorFunc suffix, pkg/util/templates/templater.go).

import { parseGoDuration } from '../lib/goDuration.ts';

/** A flag a command accepts. Ints parse like strconv.ParseInt(s, 0, 64). */
export interface FlagSpec {
  name: string;
  short?: string;
  /**
   * `strings` is pflag's StringSlice: comma-separated, and a repeated flag adds to the list.
   * `array` is its StringArray: each use adds one value, commas and all (kept joined by ARRAY_SEP).
   */
  type: 'bool' | 'string' | 'strings' | 'array' | 'int' | 'duration';
  /** pflag's NoOptDefVal: the value of `--name` given without one (it never takes the next token). */
  noOptDefVal?: string;
}

/** Parsed flag values by long name; only flags present on the line appear. */
export type FlagValues = Record<string, string | number | boolean>;

/**
 * The flags parsed, and each as it was given (`seen`: its long name and the value pflag hands its
 * parse function, `true` for a bare bool), in the order typed: what `--record` writes after the
 * command (cli-runtime's parseCommandArguments).
 */
export type FlagParse = { flags: FlagValues; args: string[]; seen: [string, string][] } | { error: string };

/** What an `array` flag's values are joined by in FlagValues: a NUL, which no console line holds. */
export const ARRAY_SEP = '\u0000';

/** arrayValues splits an `array` flag's value back into its uses. */
export function arrayValues(v: string | number | boolean | undefined): string[] {
  return typeof v === 'string' ? v.split(ARRAY_SEP) : [];
}

/** The flags every kubectl command inherits from the root that this subset honours. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [{ name: 'namespace', short: 'n', type: 'string' }];

/** flagDisplayName is pflag's name in messages: `--replicas`, or `-n, --namespace` with a shorthand. */
function flagDisplayName(f: FlagSpec): string {
  return f.short ? `-${f.short}, --${f.name}` : `--${f.name}`;
}

/** parseGoInt is strconv.ParseInt(s, 0, 64) for the values a console sees (decimal, 0x, 0o, 0b, 0-octal). */
export function parseGoInt(s: string): number | undefined {
  const m = /^([+-]?)(0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO]?[0-7_]*|[1-9][0-9_]*)$/.exec(s);
  if (!m) return undefined;
  const sign = m[1] === '-' ? -1 : 1;
  let body = (m[2] ?? '').replace(/_/g, '');
  let radix = 10;
  if (/^0[xX]/.test(body)) [radix, body] = [16, body.slice(2)];
  else if (/^0[bB]/.test(body)) [radix, body] = [2, body.slice(2)];
  else if (/^0[oO]/.test(body)) [radix, body] = [8, body.slice(2)];
  else if (body.length > 1 && body.startsWith('0')) [radix, body] = [8, body.slice(1)];
  if (body === '') return radix === 8 ? 0 : undefined;
  return sign * Number.parseInt(body, radix);
}

/** parseGoBool is strconv.ParseBool. */
export function parseGoBool(s: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(s)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(s)) return false;
  return undefined;
}

function setValue(f: FlagSpec, raw: string, flags: FlagValues): string | undefined {
  if (f.type === 'duration') {
    // pflag's DurationVar: time.ParseDuration, the value kept in milliseconds.
    const d = parseGoDuration(raw);
    if ('error' in d) return `invalid argument "${raw}" for "${flagDisplayName(f)}" flag: ${d.error}`;
    flags[f.name] = d.ms;
    return undefined;
  }
  if (f.type === 'string') {
    flags[f.name] = raw;
    return undefined;
  }
  if (f.type === 'array') {
    const prev = flags[f.name];
    flags[f.name] = typeof prev === 'string' ? `${prev}${ARRAY_SEP}${raw}` : raw;
    return undefined;
  }
  if (f.type === 'strings') {
    // Kept as one comma-joined string: `-L app -L tier` and `-L app,tier` read alike (stringSlice).
    const prev = flags[f.name];
    flags[f.name] = typeof prev === 'string' && prev !== '' ? `${prev},${raw}` : raw;
    return undefined;
  }
  if (f.type === 'int') {
    const v = parseGoInt(raw);
    if (v === undefined) {
      return `invalid argument "${raw}" for "${flagDisplayName(f)}" flag: strconv.ParseInt: parsing "${raw}": invalid syntax`;
    }
    flags[f.name] = v;
    return undefined;
  }
  const b = parseGoBool(raw);
  if (b === undefined) {
    return `invalid argument "${raw}" for "${flagDisplayName(f)}" flag: strconv.ParseBool: parsing "${raw}": invalid syntax`;
  }
  flags[f.name] = b;
  return undefined;
}

/**
 * parseFlags splits a command's tokens into flags and positional arguments, pflag style. Errors
 * are returned as kubectl prints them, with the command path for the usage hint:
 * `error: unknown flag: --foo\nSee 'kubectl scale --help' for usage.`
 */
export function parseFlags(tokens: readonly string[], specs: readonly FlagSpec[], commandPath: string): FlagParse {
  const all = [...specs, ...GLOBAL_FLAGS];
  const flags: FlagValues = {};
  const args: string[] = [];
  const seen: [string, string][] = [];
  const fail = (msg: string): FlagParse => ({ error: `error: ${msg}\nSee '${commandPath} --help' for usage.` });
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i] ?? '';
    if (tok === '--') {
      args.push(...tokens.slice(i + 1));
      break;
    }
    if (tok.startsWith('--') && tok.length > 2) {
      const eq = tok.indexOf('=');
      const name = eq >= 0 ? tok.slice(2, eq) : tok.slice(2);
      const f = all.find((s) => s.name === name);
      if (!f) return fail(`unknown flag: --${name}`);
      let raw: string;
      if (eq >= 0) raw = tok.slice(eq + 1);
      else if (f.noOptDefVal !== undefined) raw = f.noOptDefVal;
      else if (f.type === 'bool') raw = 'true';
      else if (i + 1 < tokens.length) raw = tokens[++i] ?? '';
      else return fail(`flag needs an argument: --${name}`);
      const err = setValue(f, raw, flags);
      if (err) return fail(err);
      seen.push([f.name, raw]);
      continue;
    }
    if (tok.startsWith('-') && tok.length > 1 && tok !== '-') {
      // A run of shorthands: bools may be combined (-wA); a value flag takes the rest or the next token.
      let j = 1;
      while (j < tok.length) {
        const c = tok[j] ?? '';
        const f = all.find((s) => s.short === c);
        if (!f) return fail(`unknown shorthand flag: '${c}' in ${tok}`);
        const rest = tok.slice(j + 1);
        if (f.type === 'bool') {
          if (rest.startsWith('=')) {
            const err = setValue(f, rest.slice(1), flags);
            if (err) return fail(err);
            seen.push([f.name, rest.slice(1)]);
            break;
          }
          flags[f.name] = true;
          seen.push([f.name, 'true']);
          j++;
          continue;
        }
        let raw: string;
        if (rest.startsWith('=')) raw = rest.slice(1);
        else if (rest !== '') raw = rest;
        else if (i + 1 < tokens.length) raw = tokens[++i] ?? '';
        else return fail(`flag needs an argument: '${c}' in -${c}`);
        const err = setValue(f, raw, flags);
        if (err) return fail(err);
        seen.push([f.name, raw]);
        break;
      }
      continue;
    }
    args.push(tok);
  }
  return { flags, args, seen };
}
