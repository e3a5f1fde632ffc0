// Port of EventsOptions.Run and runWatch of kubectl pkg/cmd/events/events.go (v1.32–v1.36):
// `kubectl events` in the page's console, read from the API server's store.
import type { Event } from '../api/types.ts';
import type { Tx } from '../client/tx.ts';
import type { Cmd } from './executeRead.ts';
import { inNamespace, Terminal, withoutFinalNewline } from './executeStore.ts';
import { eventHeader, eventLine, sortableEvents, typedEvent, typedEventList } from './printers/eventsPrinter.ts';
import { printTypedJson, printYaml } from './printers/object.ts';
import { printJsonPath } from './printers/templates.ts';
import { GET_TABWRITER, type RememberedWidths, tabwriterFormat } from './printers/tabwriter.ts';

/**
 * listed is the list the command asks for: the namespace's Events (every namespace's with -A) in
 * etcd's key order, those of the --for object only (its field selector on involvedObject.kind and
 * .name), then the types kept (filteredEventType: any case).
 */
function listed(tx: Tx, cmd: Cmd<'events'>): Event[] {
  const types = cmd.types.map((t) => t.toLowerCase());
  return inNamespace(tx.st, 'Event', cmd.allNamespaces ? null : cmd.namespace).filter(
    (e) =>
      (cmd.forKind === undefined || (e.involvedObject.kind === cmd.forKind && e.involvedObject.name === cmd.forName)) &&
      (types.length === 0 || types.includes(e.type.toLowerCase())),
  );
}

/**
 * runEvents is `kubectl events`: the Events sorted by when they were last seen, as a table
 * (`LAST SEEN  TYPE  REASON  OBJECT  MESSAGE`, `2m (x3 over 10m)` for a repeat) or printed as an
 * EventList; none found is said on stderr (`No events found in default namespace.`), exit 0.
 * Two of kubectl's quirks are kept: its -o name prints nothing for the list (the printer's error
 * is dropped), and so does a jsonpath that fails on it.
 */
export function runEvents(tx: Tx, cmd: Cmd<'events'>): Terminal {
  const term = new Terminal();
  const events = listed(tx, cmd);
  if (cmd.watch) return watched(tx, cmd, events, term);
  if (events.length === 0) {
    term.warn(cmd.allNamespaces ? 'No events found.' : `No events found in ${cmd.namespace} namespace.`);
    return term;
  }
  const sorted = sortableEvents(events);
  if (cmd.output === '') {
    const head = cmd.noHeaders ? '' : eventHeader(cmd.allNamespaces);
    const text = head + sorted.map((e) => eventLine(e, tx.now, cmd.allNamespaces)).join('');
    term.out(withoutFinalNewline(tabwriterFormat(text, GET_TABWRITER).text));
  } else term.out(withoutFinalNewline(printed(cmd, typedEventList(sorted))));
  return term;
}

/** printed is what a printer other than the table writes for one object (an Event or the list). */
function printed(cmd: Cmd<'events'>, obj: Record<string, unknown>, nth = 1): string {
  if (cmd.output === 'yaml') return (nth > 1 ? '---\n' : '') + printYaml(obj);
  if (cmd.output === 'json') return printTypedJson(obj);
  if (cmd.output === 'name') return obj.kind === 'Event' ? `event/${(obj.metadata as { name: string }).name}\n` : '';
  const r = printJsonPath(obj, cmd.template ?? '');
  return 'text' in r ? r.text : '';
}

/**
 * watched is runWatch as far as a console line goes: the watch's first events, each Event that
 * exists as ADDED in key order (unsorted), each printed as it arrives, the table's widths kept
 * from one to the next (the header goes with the first); then the line ends where kubectl would
 * wait for the next change. Nothing is printed when there is nothing yet, not even a header.
 */
function watched(tx: Tx, cmd: Cmd<'events'>, events: readonly Event[], term: Terminal): Terminal {
  let out = '';
  let widths: RememberedWidths = [];
  events.forEach((e, i) => {
    if (cmd.output !== '') {
      out += printed(cmd, typedEvent(e), i + 1);
      return;
    }
    const head = i === 0 && !cmd.noHeaders ? eventHeader(cmd.allNamespaces) : '';
    const r = tabwriterFormat(head + eventLine(e, tx.now, cmd.allNamespaces), GET_TABWRITER, widths);
    widths = r.remembered;
    out += r.text;
  });
  term.out(withoutFinalNewline(out));
  return term;
}
