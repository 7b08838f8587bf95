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

function refusal(body: string): FleetError {
  try {
    parseAempDocument(body, 'application/xml');
  } catch (err) {
    if (err instanceof FleetError) return err;
    throw err;
  }
  throw new Error('the document was read instead of refused');
}

const modelOf = (body: string): unknown => {
  const root = parseAempDocument(body, 'application/xml').root as Record<string, unknown>;
  const equipment = root.Equipment as Record<string, Record<string, unknown>>;
  return equipment.EquipmentHeader.Model;
};

describe('parseAempDocument: hostile XML', () => {
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
    const err = refusal(aempXml(doctype, '&big;'.repeat(100_000)));
    expect(err.kind).toBe('bad-payload');
    expect(err.message).toMatch(DOCTYPE_REFUSED);
  });

  it('refuses nested entities (the classic expansion bomb) the same way', () => {
    const entities = ['<!ENTITY a0 "ha">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i};`.repeat(10)}">`)].join('');
    const err = refusal(aempXml(`<!DOCTYPE Fleet [${entities}]>`, '&a9;'));
    expect(err.message).toMatch(DOCTYPE_REFUSED);
  });

  it('never reads a file named by an external entity', () => {
    const err = refusal(aempXml(`<!DOCTYPE Fleet [<!ENTITY ext SYSTEM "${pathToFileURL(secretFile).href}">]>`, '&ext;'));
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
      const err = refusal(aempXml(doctype, '&ext;&leaked;'));
      expect(err.message, doctype).toMatch(DOCTYPE_REFUSED);
    }
    expect(requests).toEqual([]);
  });

  it('refuses a declaration hidden after the root element starts', () => {
    const body = `<Fleet><!DOCTYPE Fleet [<!ENTITY big "${'x'.repeat(1000)}">]><Equipment><EquipmentHeader><Model>&big;</Model></EquipmentHeader></Equipment></Fleet>`;
    expect(refusal(body).message).toMatch(DOCTYPE_REFUSED);
  });

  it('reads a bare <!DOCTYPE Fleet>, which declares nothing', () => {
    expect(modelOf(aempXml('<!DOCTYPE Fleet>', 'D6'))).toBe('D6');
  });

  it('reads a page with many escaped characters: the built-in escapes are not entity expansion', () => {
    const model = 'Bucket &amp; Blade &lt;7&gt; &#x41;&#233;'.repeat(5_000);
    expect(modelOf(aempXml('', model))).toBe('Bucket & Blade <7> Aé'.repeat(5_000));
  });
});
