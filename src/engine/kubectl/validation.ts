// Port of kubernetes staging/src/k8s.io/apimachinery/pkg/api/validate/content (kube.go, dns.go,
// errors.go) at v1.36.3: the label key/value checks kubectl label and kubectl taint run.

const labelKeyFmt = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const labelKeyErrMsg =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValueFmt = `(${labelKeyFmt})?`;
const labelValueErrMsg =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const dns1123LabelFmt = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123SubdomainFmt = `${dns1123LabelFmt}(\\.${dns1123LabelFmt})*`;
const dns1123SubdomainErrorMsg =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

/** regexError is content.RegexError: `msg (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '...')`. */
export function regexError(msg: string, re: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${re}')`;
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${re}')`;
}

const maxLenError = (n: number) => `must be no more than ${n} characters`;

function isDNS1123Subdomain(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 253) errs.push(maxLenError(253));
  if (!new RegExp(`^${dns1123SubdomainFmt}$`).test(value)) errs.push(regexError(dns1123SubdomainErrorMsg, dns1123SubdomainFmt, 'example.com'));
  return errs;
}

/** isQualifiedName checks a label key: optional DNS-subdomain prefix and '/', then a name of at most 63 characters. */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = [];
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0] ?? '';
  } else if (parts.length === 2) {
    const prefix = parts[0] ?? '';
    name = parts[1] ?? '';
    if (prefix === '') errs.push('prefix part must be non-empty');
    else errs.push(...isDNS1123Subdomain(prefix).map((m) => `prefix part ${m}`));
  } else {
    return [
      `a valid label key ${regexError(labelKeyErrMsg, labelKeyFmt, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ];
  }
  if (name === '') errs.push('name part must be non-empty');
  else if (name.length > 63) errs.push(`name part ${maxLenError(63)}`);
  if (!new RegExp(`^${labelKeyFmt}$`).test(name)) errs.push(`name part ${regexError(labelKeyErrMsg, labelKeyFmt, 'MyName', 'my.name', '123-abc')}`);
  return errs;
}

/** isValidLabelValue checks a label value: empty, or at most 63 alphanumerics with '-', '_', '.' inside. */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push(maxLenError(63));
  if (!new RegExp(`^${labelValueFmt}$`).test(value)) errs.push(regexError(labelValueErrMsg, labelValueFmt, 'MyValue', 'my_value', '12345'));
  return errs;
}
