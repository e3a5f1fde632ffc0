import { describe, expect, it } from 'vitest';
import { externalDocs, extractEnum, fieldDetail, renderPlaintext, typeGuess } from './plaintext.ts';

const REF = (name: string) => `#/components/schemas/${name}`;
const GVK = { group: 'example.com', version: 'v1', kind: 'Widget' };

/** A small document: a Widget whose spec reaches a cycle, an allOf, an array, a map and enums. */
const DOCUMENT = {
  paths: {
    '/apis/example.com/v1/namespaces/{namespace}/widgets/{name}': { patch: { 'x-kubernetes-group-version-kind': GVK } },
    '/apis/example.com/v1/gadgets/{name}': { get: { operationId: 'readGadget' } },
  },
  components: {
    schemas: {
      'com.example.v1.Widget': {
        type: 'object',
        description: 'A widget is a thing.',
        'x-kubernetes-group-version-kind': [GVK],
        externalDocs: { description: 'Find more info here', url: 'https://example.com/docs/widgets' },
        properties: {
          apiVersion: { type: 'string', description: 'APIVersion of the widget.' },
          spec: { allOf: [{ $ref: REF('com.example.v1.WidgetSpec') }], default: {}, description: 'Spec of the widget.' },
        },
        required: ['spec'],
      },
      'com.example.v1.WidgetSpec': {
        type: 'object',
        description: 'WidgetSpec says what a widget is.',
        properties: {
          parts: { type: 'array', description: 'The parts.', items: { allOf: [{ $ref: REF('com.example.v1.Part') }], default: {} } },
          labels: { type: 'object', description: 'Labels.', additionalProperties: { type: 'string', default: '' } },
          mode: { type: 'string', description: 'The mode.', enum: ['', 'Fast', 'Slow'] },
          since: { $ref: REF('com.example.v1.Time'), description: 'When.' },
          size: { $ref: REF('com.example.v1.Quantity'), description: 'How big.' },
        },
      },
      'com.example.v1.Part': {
        type: 'object',
        description: 'A part of a widget.',
        properties: {
          name: { type: 'string', description: 'Name of the part.', externalDocs: { url: 'https://example.com/parts' } },
          sub: { allOf: [{ $ref: REF('com.example.v1.Part') }], description: 'A part inside.' },
        },
        required: ['name'],
      },
      'com.example.v1.Time': { type: 'string', format: 'date-time' },
      'com.example.v1.Quantity': { oneOf: [{ type: 'string' }, { type: 'number' }] },
    },
  },
};

const GVR = { group: 'example.com', version: 'v1', resource: 'widgets' };
const render = (fieldPath: string[], recursive = false, gvr = GVR) => renderPlaintext({ gvr, document: DOCUMENT, fieldPath, recursive });

const WIDGET = `GROUP:      example.com
KIND:       Widget
VERSION:    v1

DESCRIPTION:
    A widget is a thing.
    

EXTERNAL DOCS:
    Find more info here
    URL: https://example.com/docs/widgets
FIELDS:
  apiVersion\t<string>
    APIVersion of the widget.

  spec\t<WidgetSpec> -required-
    Spec of the widget.


`;

const SPEC_RECURSIVE = `GROUP:      example.com
KIND:       Widget
VERSION:    v1

FIELD: spec <WidgetSpec>


DESCRIPTION:
    Spec of the widget.
    WidgetSpec says what a widget is.
    
FIELDS:
  labels\t<map[string]string>
  mode\t<string>
  enum: "", Fast, Slow
  parts\t<[]Part>
    name\t<string> -required-
    sub\t<Part>
  since\t<string>
  size\t<Quantity>

`;

const PARTS = `GROUP:      example.com
KIND:       Widget
VERSION:    v1

FIELD: parts <[]Part>


DESCRIPTION:
    The parts.
    A part of a widget.
    
FIELDS:
  name\t<string> -required-
    Name of the part.

    EXTERNAL DOCS:
      URL: https://example.com/parts

  sub\t<Part>
    A part inside.


`;

const MODE = `GROUP:      example.com
KIND:       Widget
VERSION:    v1

FIELD: mode <string>
ENUM:
    ""
    Fast
    Slow

DESCRIPTION:
    The mode.
    

`;

describe('renderPlaintext', () => {
  it.each([
    ['prints the kind with its description, external docs and fields when no field is named', [], false, { out: WIDGET }],
    ['prints a field of fields one line each, not following a reference again, with --recursive', ['spec'], true, { out: SPEC_RECURSIVE }],
    ['prints the item type of an array of objects and its fields', ['spec', 'parts'], false, { out: PARTS }],
    ['prints the enum of a field in the long view', ['spec', 'mode'], false, { out: MODE }],
    ['follows a map to its values', ['spec', 'labels', 'x'], false, { out: 'GROUP:      example.com\nKIND:       Widget\nVERSION:    v1\n\n', error: 'error: field "x" does not exist' }],
    ['goes down through a reference to itself', ['spec', 'parts', 'sub', 'sub', 'name'], false, { out: expect.stringContaining('FIELD: name <string>\n\n\nDESCRIPTION:\n    Name of the part.\n') }],
    ['names the last field of a path that leads nowhere, after the header', ['spec', 'nope', 'deeper'], false, { out: 'GROUP:      example.com\nKIND:       Widget\nVERSION:    v1\n\n', error: 'error: field "deeper" does not exist' }],
  ])('%s', (_name, fieldPath, recursive, want) => {
    expect(render(fieldPath, recursive)).toEqual(want);
  });

  it.each([
    ['names the GVR when no path of the document names its kind', { ...GVR, resource: 'gizmos' }, { out: '', error: 'error: GVR (example.com/v1, Resource=gizmos) not found in OpenAPI schema' }],
    ['names the GVR when its path has no kind', { ...GVR, resource: 'gadgets' }, { out: '', error: 'error: GVR (example.com/v1, Resource=gadgets) not found in OpenAPI schema' }],
  ])('%s', (_name, gvr, want) => {
    expect(render([], false, gvr)).toEqual(want);
  });

  it('names the GVK when no schema is of that kind', () => {
    const document = { ...DOCUMENT, components: { schemas: {} } };
    expect(renderPlaintext({ gvr: GVR, document, fieldPath: [], recursive: false })).toEqual({
      out: 'GROUP:      example.com\nKIND:       Widget\nVERSION:    v1\n\n',
      error: 'error: GVK map[group:example.com kind:Widget version:v1] not found in OpenAPI schema',
    });
  });
});

describe('typeGuess', () => {
  const doc = { components: { schemas: { 'v1.Time': { type: 'string', format: 'date-time' } } } };
  it.each([
    ['names a scalar by its type', { type: 'string' }, 'string'],
    ['ignores a boolean additionalProperties', { type: 'string', additionalProperties: true }, 'string'],
    ['names a reference to a primitive by the primitive', { description: 'a cool field', $ref: '#/components/schemas/v1.Time' }, 'string'],
    ['names an array without items by its type', { type: 'array' }, 'array'],
    ['capitalizes Object', { type: 'object' }, 'Object'],
    ['prefixes arrays with []', { type: 'array', items: { type: 'number' } }, '[]number'],
    ['names an array of a single allOf reference by the reference', { type: 'array', items: { type: 'object', allOf: [{ $ref: 'io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.CustomResourceValidation' }] } }, '[]CustomResourceValidation'],
    ['names an unresolved reference by its last dotted part', { type: 'array', items: { type: 'object', $ref: 'io.k8s.x.v1.CustomResourceValidation' } }, '[]CustomResourceValidation'],
    ['prints maps as map[string]T', { type: 'array', items: { type: 'object', additionalProperties: { type: 'string' } } }, '[]map[string]string'],
    ['nests maps of arrays', { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } }, 'map[string][]string'],
    ['says Object without any type information', { description: 'a cool field' }, 'Object'],
  ])('%s', (_name, schema, want) => {
    expect(typeGuess({ schema, document: doc })).toBe(want);
  });
});

describe('fieldDetail', () => {
  const parent = (field: Record<string, unknown>, required: string[] = []) => ({ type: 'object', description: 'not printed', properties: { thefield: field }, required });
  it.each([
    ['prints only the name, type and required mark when short', parent({ type: 'string', description: 'not printed' }, ['thefield']), true, 0, 'thefield\t<string> -required-\n'],
    ['prints the description under the field when not short', parent({ type: 'string', description: 'a description that should be printed' }, ['thefield']), false, 0, 'thefield\t<string> -required-\n  a description that should be printed\n\n'],
    ['indents two spaces a level', parent({ type: 'string' }, ['thefield']), true, 5, '          thefield\t<string> -required-\n'],
    ['says <no description> for a field without one', parent({ type: 'integer' }), false, 1, '  thefield\t<integer>\n    <no description>\n\n'],
    [
      'prints the external docs after the description',
      parent({ type: 'string', description: 'printed', externalDocs: { description: 'Find more info here', url: 'https://example.com/docs' } }),
      false,
      1,
      '  thefield\t<string>\n    printed\n\n    EXTERNAL DOCS:\n      Find more info here\n      URL: https://example.com/docs\n\n',
    ],
    ['leaves the external docs out when short', parent({ type: 'string', externalDocs: { url: 'https://example.com/docs' } }), true, 0, 'thefield\t<string>\n'],
    ['puts the enum line under the field, four values at most', parent({ type: 'string', enum: ['a', 'b', 'c', 'd', 'e'] }), true, 1, '  thefield\t<string>\n  enum: a, b, c, d, ....\n'],
  ])('%s', (_name, schema, short, level, want) => {
    expect(fieldDetail({ name: 'thefield', schema, short, level, document: {} })).toBe(want);
  });
});

describe('extractEnum', () => {
  it.each([
    ['prints nothing for an empty enum', [], true, -1, 0, ''],
    ['lists the values one a line in the long view', [0, 1, 2, 3], true, -1, 0, 'ENUM:\n    0\n    1\n    2\n    3'],
    ['lists them on one indented line in the short view', [0, 1, 2, 3], false, -1, 2, '\n  enum: 0, 1, 2, 3'],
    ['cuts the short view at the limit', [0, 1, 2, 3], false, 2, 2, '\n  enum: 0, 1, ....'],
    ['cuts the long view at the limit too', [0, 1, 2, 3], true, 2, 2, 'ENUM:\n    0\n    1, ....'],
    ['shows an empty string as ""', ['Block', 'File', ''], true, -1, 0, 'ENUM:\n    Block\n    File\n    ""'],
  ])('%s', (_name, values, isLongView, limit, indentAmount, want) => {
    expect(extractEnum({ schema: { type: 'string', enum: values }, isLongView, limit, indentAmount })).toBe(want);
  });
});

describe('externalDocs', () => {
  it.each([
    ['prints the description and the URL', { externalDocs: { description: 'Find more info here', url: 'https://example.com/docs' } }, 'EXTERNAL DOCS:\n    Find more info here\n    URL: https://example.com/docs\n'],
    ['prints the URL alone', { externalDocs: { url: 'https://example.com/docs' } }, 'EXTERNAL DOCS:\n    URL: https://example.com/docs\n'],
    ['prints nothing without external docs', { type: 'object' }, ''],
  ])('%s', (_name, schema, want) => {
    expect(externalDocs(schema)).toBe(want);
  });
});
