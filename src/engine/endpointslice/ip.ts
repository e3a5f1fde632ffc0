// IP parsing and printing as k8s.io/utils/net ParseIPSloppy and Go's net.IP.String do it: the
// slice controller re-prints every pod IP, so "1234::5678:0000:0000:9abc:def0" is stored as
// "1234::5678:0:0:9abc:def0" and "010.0.0.1" as "10.0.0.1".

/** A parsed address: 4 bytes (IPv4, or IPv4-mapped IPv6) or 16 bytes. */
export type ParsedIP = { v4: number[] } | { v6: number[] };

function parseV4(s: string): number[] | undefined {
  const parts = s.split('.');
  if (parts.length !== 4) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    // Sloppy: leading zeros are decimal, not octal ("010" is 10).
    if (!/^\d{1,3}$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out.push(n);
  }
  return out;
}

function parseV6(s: string): number[] | undefined {
  let text = s;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    // A trailing dotted quad stands for the last two 16-bit groups ("::ffff:1.2.3.4").
    const v4 = parseV4(text.slice(lastColon + 1));
    if (!v4) return undefined;
    const hi = ((v4[0] ?? 0) * 256 + (v4[1] ?? 0)).toString(16);
    const lo = ((v4[2] ?? 0) * 256 + (v4[3] ?? 0)).toString(16);
    text = `${text.slice(0, lastColon + 1)}${hi}:${lo}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (h: string): string[] => (h === '' ? [] : h.split(':'));
  const head = groups(halves[0] ?? '');
  const tail = groups(halves[1] ?? '');
  const zeros = 8 - head.length - tail.length;
  if (halves.length === 2 ? zeros < 1 : zeros !== 0) return undefined;
  const words: number[] = [];
  for (const g of [...head, ...Array<string>(halves.length === 2 ? zeros : 0).fill('0'), ...tail]) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
    words.push(Number.parseInt(g, 16));
  }
  const bytes: number[] = [];
  for (const w of words) bytes.push(w >> 8, w & 255);
  return bytes;
}

/** parseIPSloppy parses an IPv4 or IPv6 address; undefined when it is neither. */
export function parseIPSloppy(s: string): ParsedIP | undefined {
  if (!s.includes(':')) {
    const v4 = parseV4(s);
    return v4 ? { v4 } : undefined;
  }
  const b = parseV6(s);
  if (!b) return undefined;
  // An IPv4-mapped address (::ffff:a.b.c.d) is IPv4 to Go (To4 != nil).
  if (b.slice(0, 10).every((x) => x === 0) && b[10] === 255 && b[11] === 255) return { v4: b.slice(12) };
  return { v6: b };
}

/** isIPv6 is utilnet.IsIPv6String: true only for a valid address that is not IPv4. */
export function isIPv6(s: string): boolean {
  const ip = parseIPSloppy(s);
  return ip !== undefined && 'v6' in ip;
}

/** formatIP prints an address as net.IP.String: dotted IPv4, or RFC 5952 IPv6 (longest zero run ≥ 2 as ::). */
export function formatIP(ip: ParsedIP): string {
  if ('v4' in ip) return ip.v4.join('.');
  const w: number[] = [];
  for (let i = 0; i < 16; i += 2) w.push(((ip.v6[i] ?? 0) << 8) | (ip.v6[i + 1] ?? 0));
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8; ) {
    if (w[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && w[j] === 0) j++;
    if (j - i > bestLen) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (a: number[]): string => a.map((x) => x.toString(16)).join(':');
  if (bestLen < 2) return hex(w);
  return `${hex(w.slice(0, bestStart))}::${hex(w.slice(bestStart + bestLen))}`;
}
