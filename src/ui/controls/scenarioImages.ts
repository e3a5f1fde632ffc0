/**
 * scenarioImages lists the images a scenario names: its `cluster.images` (the broken ones among
 * them) and those its actions set, for the image picker. Bad YAML gives []. The YAML parser loads
 * on first use: the page can open without it (a third of the main bundle with the share-link
 * decoder, which loads the same way).
 */
export async function scenarioImages(scenarioText: string): Promise<string[]> {
  const { parse } = await import('yaml');
  const out = new Set<string>();
  try {
    const doc = parse(scenarioText) as {
      cluster?: { images?: Record<string, unknown> };
      actions?: unknown[];
    } | null;
    for (const image of Object.keys(doc?.cluster?.images ?? {})) if (image !== 'default') out.add(image);
    for (const action of doc?.actions ?? []) {
      const line = (action as { kubectl?: unknown })?.kubectl;
      if (typeof line !== 'string' || !/\bset image\b/.test(line)) continue;
      for (const m of line.matchAll(/\S+=(\S+)/g)) if (m[1]) out.add(m[1]);
    }
  } catch {
    // not YAML: nothing to offer
  }
  return [...out];
}
