// client-go's jsonpath as kubectl (v1.32.4) runs it and as the page's console runs it (the port in
// src/engine/kubectl/jsonpath/), on one state: recursive descent, unions, filters, ranges,
// literals, the errors, custom-columns, --sort-by and wait --for=jsonpath through it.
import { describe, it } from 'vitest';
import { expectAnswersAsPage, servedScenario } from './printsAsPage.ts';
import { UNSCHEDULABLE_DB_DOC } from './scenarioDocs.ts';

const SCENARIO = `version: 1
name: jsonpath
cluster:
  nodes: 2
objects:
  - apiVersion: apps/v1
    kind: Deployment
    metadata: { name: web, labels: { app: web } }
    spec:
      replicas: 2
      selector: { matchLabels: { app: web } }
      template:
        metadata: { labels: { app: web } }
        spec:
          containers:
            - { name: web, image: "web:1", ports: [{ containerPort: 80 }], resources: { requests: { cpu: 250m } } }
            - { name: log, image: "log:2" }
${UNSCHEDULABLE_DB_DOC}`;

/** withoutDump drops the object dump kubectl prints after a template's error (the console leaves it out). */
const withoutDump = (text: string) => text.replace(/ Printing more information for debugging the template:[\s\S]*$/, '');

/** sortedWords: kubectl walks a map's values in Go's random order, so `..` and `.*` over maps are compared word by word. */
const sortedWords = (text: string) => text.split(/\s+/).sort().join(' ');

describe('client-go jsonpath: kubectl beside the console, against npm run serve', () => {
  const h = servedScenario(SCENARIO, ['deployment/web']);

  it('reads recursive descent, unions, filters, slices, ranges and literals', async () => {
    await expectAnswersAsPage(h, [
      'get deploy web -o jsonpath={.spec.template..image}',
      'get deploy web -o jsonpath={.spec..containerPort}',
      'get deploy -o jsonpath={.items[*].spec.template.spec.containers[*]..name}',
      'get deploy web -o jsonpath={..readyReplicas}',
      'get pods -l app=web -o jsonpath={.items[*].spec.containers[0,1].name}',
      `get deploy web -o jsonpath="{.metadata['name','namespace']}"`,
      `get deploy web -o jsonpath="{.spec.template.spec.containers[*]['name','image']}"`,
      'get deploy -o jsonpath={.items[0,1].metadata.name}',
      `get pods -o jsonpath='{.items[?(@.spec.nodeSelector)].metadata.labels.app}'`,
      `get pods -o jsonpath='{.items[?(@.status.phase!="Running")].metadata.labels.app}'`,
      `get deploy -o jsonpath='{.items[?(@.spec.replicas>1)].metadata.name}'`,
      `get deploy -o jsonpath='{.items[?(@.spec.replicas<=1)].metadata.name}'`,
      `get deploy -o jsonpath='{.items[?(@.metadata.name<"e")].metadata.name}'`,
      `get deploy web -o jsonpath='{.spec.template.spec.containers[?(@.resources.requests.cpu=="250m")].name}'`,
      `get deploy web -o jsonpath='{.spec.template.spec.containers[?(@.ports[0].containerPort==80)].name}'`,
      `get deploy web -o jsonpath='{.spec.template.spec.containers[?(@..image=="web:1")].name}'`,
      // An index out of bounds in an exists filter: upstream drops the error and keeps the element.
      `get deploy web -o jsonpath='{.spec.template.spec.containers[?(@.ports[3])].name}'`,
      'get deploy web -o jsonpath={.spec.template.spec.containers[::2].name}',
      'get deploy web -o jsonpath={.spec.template.spec.containers[-1:].name}',
      'get deploy web -o jsonpath={.spec.template.spec.containers[5:5].name}',
      'get deploy web -o jsonpath={.spec.template.spec.containers[]}',
      `get deploy -o jsonpath='{range .items[*]}{.metadata.name}{":"}{range .spec.template.spec.containers[*]}{.name}{","}{end}{"\\n"}{end}'`,
      `get deploy -o jsonpath='{range .items[*]}{.metadata.name}{" "}'`,
      `get deploy -o jsonpath='{range .items[?(@.spec.replicas==9)]}{.metadata.name}{end}done'`,
      `get deploy web -o jsonpath='{3}{" "}{-2.50}{" "}{true}{" "}{"\\x41\\u00e9"}'`,
      `get deploy web -o jsonpath="{'single'}{' '}{'\\x41\\u00e9'}"`,
      // A string's wildcard is its bytes.
      'get deploy web -o jsonpath={.spec.template.spec.containers[0].resources.requests.cpu.*}',
      'get deploy web -o jsonpath={.spec.template.spec.containers[0].resources}',
      'get deploy web -o jsonpath={.spec.template.spec.containers[*].nothing}',
    ]);
  });

  it('reads what comes in Go map order, word by word', async () => {
    await expectAnswersAsPage(
      h,
      [
        'get pods -o jsonpath={..image}',
        'get deploy web -o jsonpath={..name}',
        'get deploy web -o jsonpath={.spec.selector.matchLabels.*}{.spec.strategy.rollingUpdate.*}',
        'get pods -l app=web -o jsonpath={.items[0].metadata..app}',
      ],
      sortedWords,
    );
  });

  it('fails as kubectl does, in its words', async () => {
    await expectAnswersAsPage(
      h,
      [
        'get deploy -o jsonpath={.items[5].metadata.name}',
        'get deploy -o jsonpath={.items[0:9]}',
        'get deploy -o jsonpath={.items[1:0]}',
        'get deploy -o jsonpath={.items[::0]}',
        'get deploy web -o jsonpath={.metadata.labels[0]}',
        'get deploy web -o jsonpath={.kind[0]}',
        'get deploy web -o jsonpath={.metadata.name[?(@)]}',
        `get deploy web -o jsonpath='{.spec.template.spec.containers[?(@.name==1)].name}'`,
        `get deploy web -o jsonpath='{.status.conditions[?(@.status==true)].type}'`,
        `get deploy web -o jsonpath='{.spec.template.spec.containers[?(@.ports<1)].name}'`,
        `get deploy web -o jsonpath='{.spec.template.spec.containers[?(@.name=1)].name}'`,
        'get deploy web -o jsonpath={hello}',
        'get deploy -o jsonpath={range.items[*]}{.metadata.name}{end}{end}',
        'get deploy web -o jsonpath={end}',
        'get deploy web -o jsonpath={#}',
        'get deploy web -o jsonpath={.a[x]}',
        'get deploy web -o jsonpath={.a[-]}',
        'get deploy web -o jsonpath={.a[}',
        'get deploy web -o jsonpath={....a}',
        'get deploy web -o jsonpath={+1.2.3}',
        `get deploy web -o jsonpath='{.a[?(@.b)x}'`,
        `get deploy web -o jsonpath='{"\\q"}'`,
      ],
      withoutDump,
    );
  });

  it('prints custom columns, recursive descent and unions included', async () => {
    await expectAnswersAsPage(h, [
      'get deploy -o custom-columns=NAME:.metadata.name,IMAGES:.spec.template..image',
      'get deploy -o custom-columns=NAME:.metadata.name,NAMES:.spec.template.spec.containers..name',
      // A union's comma splits the spec, as kubectl splits it.
      'get deploy -o custom-columns=NAME:.metadata.name,BOTH:.spec.template.spec.containers[0,1].name',
      `get deploy web -o custom-columns='C:.spec.template.spec.containers[?(@.name=="log")].image,N:.spec.nothing'`,
      // An error comes after what the printer wrote before it: the header, the rows before the item.
      'get deploy web -o custom-columns=X:.spec.template.spec.containers[9]',
      'get deploy web -o custom-columns=X:.a[x]',
      'get deploy web -o custom-columns=C:.spec.template.spec.containers[?(@.name==log)].image,N:.spec.nothing',
      'get deploy -o custom-columns=N:.metadata.name,X:.spec.template.spec.containers[0].resources.requests[0]',
      'get deploy -o custom-columns=N:.metadata.name,X:.spec.template.spec.containers[0].resources.requests[0] --no-headers',
    ]);
  });

  it('sorts and waits through the same jsonpath', async () => {
    await expectAnswersAsPage(h, [
      'get pods -o name --sort-by={.metadata..name}',
      'get deploy -o name --sort-by={.spec.template..image}',
      'get deploy --sort-by=.a[x] -o name',
      'get deploy --sort-by=.a[x]',
      'get deploy --sort-by=.spec.template.spec.containers[5].name',
      'get deploy --sort-by=.spec.template.spec.containers[5].name -o name',
      'wait --for=jsonpath={..readyReplicas}=2 deploy/web --timeout=0',
      `wait '--for=jsonpath={.spec.template.spec.containers[?(@.name=="log")].image}=log:2' deploy/web --timeout=0`,
      'wait --for=jsonpath={.spec.template.spec.containers[*].image}=web:1 deploy/web --timeout=0',
      'wait --for=jsonpath={.spec.template.spec.containers[9].image}=web:1 deploy/web --timeout=0',
      'wait --for=jsonpath={.metadata.labels}=x deploy/web --timeout=0',
      'wait --for=jsonpath={.a[}=1 deploy/web --timeout=0',
      'wait --for=jsonpath={..name}=web deploy/web --timeout=0',
    ]);
  });
});
