/** Reading a fleet answer as JSON or XML, at the edges (mutation survivors of parse-document.ts). */
import { describe, expect, it } from 'vitest';
import { FleetError } from '../../../../src-main/core/errors';
import { parseAempDocument } from '../../../../src-main/core/aemp/parse-document';

function refusal(body: string, type?: string): FleetError {
  try {
    parseAempDocument(body, type);
  } catch (err) {
    if (err instanceof FleetError) return err;
    throw err;
  }
  throw new Error('the answer was read instead of refused');
}

describe('parseAempDocument: which format', () => {
  it('decides by the first character after leading white space', () => {
    expect(parseAempDocument('  \n {"a":"1"}  ').format).toBe('json');
    expect(parseAempDocument('\n  <Fleet><A>1</A></Fleet>').format).toBe('xml');
    expect(parseAempDocument('  [1]', 'application/xml').format).toBe('json');
  });

  it('falls back to the content type, any case, when the first character says nothing', () => {
    expect(refusal('oops', 'Application/XML').message).toBe('The fleet service sent XML without a root element.');
    expect(refusal('oops', 'APPLICATION/JSON').message).toBe('The fleet service sent a JSON answer that cannot be read (it is cut off or malformed).');
    expect(refusal('oops', 'text/plain').message).toBe('The fleet service answered with something that is neither JSON nor XML.');
    expect(refusal('oops').message).toBe('The fleet service answered with something that is neither JSON nor XML.');
  });

  it('drops a byte-order mark at the start only', () => {
    expect(parseAempDocument('\uFEFF{"a":"1"}')).toEqual({ format: 'json', rootName: null, root: { a: '1' } });
    expect(parseAempDocument('{"a":"\uFEFF1"}').root).toEqual({ a: '\uFEFF1' });
  });
});

describe('parseAempDocument: JSON', () => {
  it('refuses broken JSON and JSON that is neither an object nor a list, at the root path', () => {
    const broken = refusal('{"a": ', 'application/json');
    expect(broken.kind).toBe('bad-payload');
    expect(broken.path).toBe('$');
    expect(broken.message).toBe('The fleet service sent a JSON answer that cannot be read (it is cut off or malformed).');
    expect(refusal('42', 'application/json').message).toBe('The fleet service sent JSON that is not an object or a list.');
    expect(refusal('"text"', 'application/json').message).toBe('The fleet service sent JSON that is not an object or a list.');
  });

  it('reads a list as the root', () => {
    expect(parseAempDocument('[{"a":"1"}]').root).toEqual([{ a: '1' }]);
  });
});

describe('parseAempDocument: XML', () => {
  it('names the root element, skipping the declaration', () => {
    const doc = parseAempDocument('<?xml version="1.0"?><Fleet version="2"><Unit>1</Unit></Fleet>');
    expect(doc.rootName).toBe('Fleet');
    expect(doc.root).toEqual({ version: '2', Unit: '1' });
  });

  it('refuses XML with no root element', () => {
    expect(refusal('<?xml version="1.0"?>', 'application/xml').message).toBe('The fleet service sent XML without a root element.');
    expect(refusal('</Fleet>').message).toBe('The fleet service sent XML without a root element.');
  });

  it('refuses malformed XML with a message for people', () => {
    const err = refusal('<Fleet><!-- cut off</Fleet>');
    expect(err.kind).toBe('bad-payload');
    expect(err.message).toBe('The fleet service sent an XML answer that cannot be read (it is cut off or malformed).');
  });

  it('takes the first element of a repeated root, and an empty root as empty', () => {
    expect(parseAempDocument('<Fleet>text only</Fleet>').root).toEqual({});
    expect(parseAempDocument('<Fleet>a</Fleet><Fleet><A>1</A></Fleet>').root).toEqual({ A: '1' });
  });

  it('names the root element, not stray text before it', () => {
    const doc = parseAempDocument('<!-- note -->stray<Fleet><A>1</A></Fleet>');
    expect(doc.rootName).toBe('Fleet');
    expect(doc.root).toEqual({ A: '1' });
  });

  it('explains why a DOCTYPE with a body is refused', () => {
    const err = refusal('<!DOCTYPE Fleet [<!ENTITY a "b">]><Fleet>&a;</Fleet>');
    expect(err.message).toContain('they can expand without bound or reach files and other hosts');
  });

  it('reads a bare DOCTYPE', () => {
    expect(parseAempDocument('<!DOCTYPE Fleet><Fleet><A>1</A></Fleet>').rootName).toBe('Fleet');
  });
});
