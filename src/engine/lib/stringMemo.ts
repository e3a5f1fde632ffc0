/**
 * stringMemo makes a string from a string key once and hands the same string back after: a store
 * key's `default/`, a kubelet's `kubelet/node-1`, a container's `spec.containers{web}`. A string
 * built anew each time is a new object the heap keeps (110,000 Events of the 10k rollout keep one
 * each) and one hashed again to find a table entry. The key asked last is answered by a compare (a
 * pod's start asks for the same one three or four times in a row), the rest by a table of at most
 * `max` entries, emptied when full (more names than that is not a run this saves anything on).
 * Not engine state: the answer is the same string either way, so a memo never changes a run.
 */
export function stringMemo(make: (key: string) => string, max: number): (key: string) => string {
  const table = new Map<string, string>();
  let lastKey: string | undefined;
  let lastValue = '';
  return (key) => {
    if (key === lastKey) return lastValue;
    let value = table.get(key);
    if (value === undefined) {
      if (table.size >= max) table.clear();
      value = make(key);
      table.set(key, value);
    }
    lastKey = key;
    lastValue = value;
    return value;
  };
}
