import { describe, expect, it } from 'vitest';
import type { Schema } from '../../apiserver/openapi/document.ts';
import { getTypeName, lookupResource, newOpenAPIData, printModelDescription, wrapString } from './openapiV2.ts';

const LOREM = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. Morbi at turpis faucibus, gravida dolor ut, fringilla velit.';

describe('wrapString (the v2 printer\'s formatter)', () => {
  // The cases of kubectl's formatter_test.go (a Formatter wrapping at 50, indented).
  it.each([
    ['joins words up to the width', LOREM, 50, ['Lorem ipsum dolor sit amet, consectetur adipiscing', 'elit. Morbi at turpis faucibus, gravida dolor ut,', 'fringilla velit.']],
    ['wraps narrower when indented', LOREM, 40, ['Lorem ipsum dolor sit amet, consectetur', 'adipiscing elit. Morbi at turpis', 'faucibus, gravida dolor ut, fringilla', 'velit.']],
    [
      'puts a word longer than the width on a line of its own',
      "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ThisIsAVeryLongWordThatDoesn'tFitOnALineOnItsOwn. Morbi at turpis faucibus, gravida dolor ut, fringilla velit.",
      30,
      ['Lorem ipsum dolor sit amet,', 'consectetur adipiscing elit.', "ThisIsAVeryLongWordThatDoesn'tFitOnALineOnItsOwn.", 'Morbi at turpis faucibus,', 'gravida dolor ut, fringilla', 'velit.'],
    ],
    [
      'keeps paragraphs, lines after a colon, list items and indented blocks',
      '\nThis is an\nintroductory paragraph\nthat should end\nup on a continuous line.\n\nExample:\nExample text on its own line\n\nList:\n1.  Item with\n wrapping text\n11.  Another\n item with wrapping text\n* Bullet item\n with wrapping text\n- Dash item\n with wrapping text\n\nbase64(\n    code goes here\n    and here\n)',
      46,
      [
        'This is an introductory paragraph that should',
        'end up on a continuous line.',
        '',
        'Example:',
        'Example text on its own line',
        '',
        'List:',
        '1. Item with wrapping text',
        '11. Another item with wrapping text',
        '* Bullet item with wrapping text',
        '- Dash item with wrapping text',
        '',
        'base64(',
        '    code goes here',
        '    and here',
        ')',
      ],
    ],
  ])('%s', (_name, text, width, want) => {
    expect(wrapString(text, width)).toEqual(want);
  });
});

const GVK = { group: 'example.com', version: 'v1', kind: 'Widget' };

/** v2 definitions: a Widget with a spec reaching a map, an array, a primitive reference and a free-form object. */
const DEFINITIONS: [string, Schema][] = [
  [
    'com.example.v1.Widget',
    {
      type: 'object',
      description: 'A widget is a thing.',
      'x-kubernetes-group-version-kind': [GVK],
      properties: { spec: { $ref: '#/definitions/com.example.v1.WidgetSpec', description: 'Spec of the widget.' } },
      required: ['spec'],
    },
  ],
  [
    'com.example.v1.WidgetSpec',
    {
      type: 'object',
      description: 'WidgetSpec says what a widget is.',
      properties: {
        labels: { type: 'object', description: 'Labels.', additionalProperties: { type: 'string' } },
        parts: { type: 'array', description: 'The parts.', items: { $ref: '#/definitions/com.example.v1.WidgetSpec' } },
        raw: { $ref: '#/definitions/com.example.v1.Raw', description: 'Anything.' },
        size: { type: 'string', description: 'How big.' },
      },
    },
  ],
  ['com.example.v1.Raw', { type: 'object', description: 'Raw is free-form.' }],
];

describe('printModelDescription', () => {
  const models = newOpenAPIData(DEFINITIONS);
  const widget = lookupResource(models, GVK);
  it('finds a kind by its group/version/kind', () => {
    expect(widget).toBeDefined();
    expect(lookupResource(models, { ...GVK, version: 'v2' })).toBeUndefined();
  });
  const print = (path: string[], recursive = false) => printModelDescription(path, widget as NonNullable<typeof widget>, GVK, recursive);
  it.each([
    [
      'prints a kind and its fields',
      [],
      false,
      'KIND:     Widget\nVERSION:  example.com/v1\n\nDESCRIPTION:\n     A widget is a thing.\n\nFIELDS:\n   spec\t<Object> -required-\n     Spec of the widget.\n\n',
    ],
    [
      'prints a field with the descriptions it went through, a blank line between',
      ['spec'],
      false,
      'KIND:     Widget\nVERSION:  example.com/v1\n\nRESOURCE: spec <Object>\n\nDESCRIPTION:\n     Spec of the widget.\n\n     WidgetSpec says what a widget is.\n\nFIELDS:\n   labels\t<map[string]string>\n     Labels.\n\n   parts\t<[]Object>\n     The parts.\n\n   raw\t<map[string]>\n     Anything.\n\n   size\t<string>\n     How big.\n\n',
    ],
    [
      'prints a primitive as a FIELD',
      ['spec', 'size'],
      false,
      'KIND:     Widget\nVERSION:  example.com/v1\n\nFIELD:    size <string>\n\nDESCRIPTION:\n     How big.\n',
    ],
    [
      'stops at a map value, named after the last field',
      ['spec', 'labels', 'foo'],
      false,
      'KIND:     Widget\nVERSION:  example.com/v1\n\nFIELD:    foo <string>\n\nDESCRIPTION:\n     <empty>\n',
    ],
    [
      'prints a free-form object with each description, without fields',
      ['spec', 'raw'],
      false,
      'KIND:     Widget\nVERSION:  example.com/v1\n\nDESCRIPTION:\n     Anything.\n\n     Raw is free-form.\n\n     Raw is free-form.\n',
    ],
    [
      'prints the fields of fields three spaces deeper, a reference on the way down once',
      ['spec'],
      true,
      'KIND:     Widget\nVERSION:  example.com/v1\n\nRESOURCE: spec <Object>\n\nDESCRIPTION:\n     Spec of the widget.\n\n     WidgetSpec says what a widget is.\n\nFIELDS:\n   labels\t<map[string]string>\n   parts\t<[]Object>\n      labels\t<map[string]string>\n      parts\t<[]Object>\n      raw\t<map[string]>\n      size\t<string>\n   raw\t<map[string]>\n   size\t<string>\n',
    ],
  ])('%s', (_name, path, recursive, out) => {
    expect(print(path, recursive)).toEqual({ out });
  });

  it('names the first field that does not exist', () => {
    expect(print(['spec', 'nope', 'deeper'])).toEqual({ error: 'field "nope" does not exist' });
  });
});

describe('getTypeName', () => {
  const models = newOpenAPIData(DEFINITIONS);
  it.each([
    ['says Object for a kind', 'com.example.v1.WidgetSpec', 'Object'],
    ['says map[string] and nothing for a free-form object', 'com.example.v1.Raw', 'map[string]'],
  ])('%s', (_name, model, want) => {
    expect(getTypeName(models.byName.get(model) as NonNullable<ReturnType<typeof models.byName.get>>)).toBe(want);
  });
});
