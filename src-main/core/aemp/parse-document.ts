import { XMLParser } from 'fast-xml-parser';
import { FleetError } from '../errors';
import { isNode, type Node } from './tolerant';

export interface AempDocument {
  format: 'json' | 'xml';
  /** Local name of the XML root element; null for JSON. */
  rootName: string | null;
  /** The root object (XML: the root element's content, attributes merged in, no prefixes). */
  root: Node | unknown[];
}

// Attributes are merged with child elements under their local name, so `datetime` reads
// the same whether it is an attribute or a child; values stay strings (serials like
// "007" must not become 7) and the normalisers convert what they need.
const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Documents declaring entities are refused before parsing (refuseDeclaredEntities);
  // these limits are a second wall should one slip through. The growth limit counts only
  // references longer once replaced, which the built-in escapes (&amp;, &#x41;) never
  // are; no cap on the number of references, which would refuse pages rich in escapes.
  processEntities: {
    enabled: true,
    maxEntityCount: 10,
    maxEntitySize: 1_000,
    maxExpandedLength: 100_000,
  },
  // Numeric character references (&#233;) are plain XML, but this parser decodes them
  // only with this option on (it also knows HTML's names, which is harmless for text).
  htmlEntities: true,
});

/** `<!DOCTYPE Name>` and nothing else: no internal subset, no SYSTEM or PUBLIC identifier. */
const BARE_DOCTYPE = /^<!DOCTYPE\s+[A-Za-z_:][\w.:-]*\s*>/;

/**
 * Fleet feeds carry no DTD. A document type declaration with a body or an outside
 * identifier can declare entities that expand a small answer into gigabytes, or name
 * files and hosts to read; such answers are refused whole, wherever the declaration
 * sits (the parser honours one even after the root element starts).
 */
function refuseDeclaredEntities(body: string): void {
  for (let at = body.indexOf('<!DOCTYPE'); at !== -1; at = body.indexOf('<!DOCTYPE', at + 1)) {
    if (!BARE_DOCTYPE.test(body.slice(at, at + 300))) {
      throw badPayload(
        'The fleet service sent XML with a document type declaration (<!DOCTYPE …>) that declares entities or an outside file. ' +
          'Fleet Desk does not read such answers: they can expand without bound or reach files and other hosts.',
      );
    }
  }
}

function sniff(body: string, contentType: string | undefined): 'json' | 'xml' | null {
  const first = body.trimStart()[0];
  if (first === '<') return 'xml';
  if (first === '{' || first === '[') return 'json';
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('xml')) return 'xml';
  if (type.includes('json')) return 'json';
  return null;
}

function badPayload(message: string): FleetError {
  return new FleetError('bad-payload', message, { path: '$' });
}

/**
 * Reads a fleet answer as JSON or XML, deciding by its first character and then by its
 * content type. Throws FleetError 'bad-payload' only when the body is neither.
 */
export function parseAempDocument(rawBody: string, contentType?: string): AempDocument {
  const body = rawBody.replace(/^\uFEFF/, '');
  const format = sniff(body, contentType);
  if (format === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      throw badPayload('The fleet service sent a JSON answer that cannot be read (it is cut off or malformed).');
    }
    if (!isNode(value) && !Array.isArray(value)) throw badPayload('The fleet service sent JSON that is not an object or a list.');
    return { format, rootName: null, root: value };
  }
  if (format === 'xml') {
    refuseDeclaredEntities(body);
    let value: unknown;
    try {
      value = xmlParser.parse(body);
    } catch {
      throw badPayload('The fleet service sent an XML answer that cannot be read (it is cut off or malformed).');
    }
    const rootName = isNode(value) ? Object.keys(value).find((k) => !k.startsWith('?') && k !== '#text') : undefined;
    if (!isNode(value) || rootName === undefined) throw badPayload('The fleet service sent XML without a root element.');
    const content = value[rootName];
    const root = Array.isArray(content) ? (content.find(isNode) ?? {}) : isNode(content) ? content : {};
    return { format, rootName, root };
  }
  throw badPayload('The fleet service answered with something that is neither JSON nor XML.');
}
