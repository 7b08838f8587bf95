/** Reading a fleet answer as JSON or XML, and refusing hostile or broken documents. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetError } from '../../../../src-main/core/errors';
import { parseAempDocument } from '../../../../src-main/core/aemp/parse-document';

const DOCTYPE_REFUSED = /document type declaration.*entities or an outside file/;

/** A Fleet answer whose model text is `model`, after an optional DOCTYPE. */
const aempXml = (doctype: string, model: string): string =>
  `<?xml version="1.0"?>${doctype}<Fleet><Equipment><EquipmentHeader><Model>${model}</Model><EquipmentID>X</EquipmentID></EquipmentHeader></Equipment></Fleet>`;

/** The refusal `parseAempDocument` throws for `body`; fails the test when the body is read instead. */
function refusal(body: string, type?: string): FleetError {
  try {
    parseAempDocument(body, type);
  } catch (err) {
    if (err instanceof FleetError) return err;
    throw err;
  }
  throw new Error('the answer was read instead of refused');
}
const xmlRefusal = (body: string): FleetError => refusal(body, 'application/xml');

const modelOf = (body: string): unknown => {
  const root = parseAempDocument(body, 'application/xml').root as Record<string, unknown>;
  const equipment = root.Equipment as Record<string, Record<string, unknown>>;
  return equipment.EquipmentHeader.Model;
};

describe('parseAempDocument reads the format from the first character, then the content type', () => {
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

describe('parseAempDocument reads JSON objects and lists and refuses anything else', () => {
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

describe('parseAempDocument reads XML by its root element and refuses broken XML', () => {
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

describe('parseAempDocument refuses hostile XML before expanding or fetching anything', () => {
  let server: Server;
  let serverUrl: string;
  const requests: string[] = [];
  let tempDir: string;
  let secretFile: string;

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.end('<!ENTITY leaked "FETCHED-FROM-THE-NETWORK">');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    tempDir = mkdtempSync(join(tmpdir(), 'fleet-xml-'));
    secretFile = join(tempDir, 'passwd');
    writeFileSync(secretFile, 'root:x:0:0:READ-FROM-THE-DISK');
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(tempDir, { recursive: true, force: true });
  });

  it('refuses one 10 KB entity referenced 100,000 times, saying why, before expanding any of it', () => {
    const doctype = `<!DOCTYPE Fleet [<!ENTITY big "${'x'.repeat(10_000)}">]>`;
    const err = xmlRefusal(aempXml(doctype, '&big;'.repeat(100_000)));
    expect(err.kind).toBe('bad-payload');
    expect(err.message).toMatch(DOCTYPE_REFUSED);
  });

  it('refuses nested entities (the classic expansion bomb) the same way', () => {
    const entities = ['<!ENTITY a0 "ha">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i};`.repeat(10)}">`)].join('');
    const err = xmlRefusal(aempXml(`<!DOCTYPE Fleet [${entities}]>`, '&a9;'));
    expect(err.message).toMatch(DOCTYPE_REFUSED);
  });

  it('never reads a file named by an external entity', () => {
    const err = xmlRefusal(aempXml(`<!DOCTYPE Fleet [<!ENTITY ext SYSTEM "${pathToFileURL(secretFile).href}">]>`, '&ext;'));
    expect(err.message).toMatch(DOCTYPE_REFUSED);
    expect(err.message).not.toContain('READ-FROM-THE-DISK');
  });

  it('never fetches an external entity, parameter entity or DTD from a URL', () => {
    const doctypes = [
      `<!DOCTYPE Fleet [<!ENTITY ext SYSTEM "${serverUrl}/entity">]>`,
      `<!DOCTYPE Fleet [<!ENTITY % dtd SYSTEM "${serverUrl}/parameter"> %dtd;]>`,
      `<!DOCTYPE Fleet SYSTEM "${serverUrl}/fleet.dtd">`,
      `<!DOCTYPE Fleet PUBLIC "-//Fleet//EN" "${serverUrl}/public.dtd">`,
    ];
    for (const doctype of doctypes) {
      const err = xmlRefusal(aempXml(doctype, '&ext;&leaked;'));
      expect(err.message, doctype).toMatch(DOCTYPE_REFUSED);
    }
    expect(requests).toEqual([]);
  });

  it('refuses a declaration hidden after the root element starts', () => {
    const body = `<Fleet><!DOCTYPE Fleet [<!ENTITY big "${'x'.repeat(1000)}">]><Equipment><EquipmentHeader><Model>&big;</Model></EquipmentHeader></Equipment></Fleet>`;
    expect(xmlRefusal(body).message).toMatch(DOCTYPE_REFUSED);
  });

  it('reads a bare <!DOCTYPE Fleet>, which declares nothing', () => {
    expect(modelOf(aempXml('<!DOCTYPE Fleet>', 'D6'))).toBe('D6');
  });

  it('reads a page with many escaped characters: the built-in escapes are not entity expansion', () => {
    const model = 'Bucket &amp; Blade &lt;7&gt; &#x41;&#233;'.repeat(5_000);
    expect(modelOf(aempXml('', model))).toBe('Bucket & Blade <7> Aé'.repeat(5_000));
  });
});
