// Small helpers over fast-xml-parser's ordered nodes (`preserveOrder: true`), for OpenLyrics.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ConvertError } from './types.ts';

/** One node as fast-xml-parser gives it in order: `{ tag: children, ':@': attributes }`. */
export type XmlNode = Record<string, unknown>;

export interface XmlDocument {
  /** The text that was parsed: the file's text without a byte order mark or leading space. */
  text: string;
  /** Where each line of `text` starts, found when a line is first asked for. */
  lineStarts?: number[];
  /** Lines removed from the top of the file before `text`, to name the file's own lines. */
  lineOffset: number;
  nodes: XmlNode[];
}

const ATTRIBUTES = ':@';
const TEXT = '#text';
const META = XMLParser.getMetaDataSymbol() as unknown as string;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  captureMetaData: true,
  // Also decodes numeric references (&#228;); fast-xml-parser 5 leaves them as written otherwise.
  htmlEntities: true,
  // Deeper nesting is an error, so not a song: no song nests so deep, and the elements are
  // walked by recursion. The parser's default, stated so that it stays.
  maxNestedTags: 100,
});

/** Parses XML text; text that is not well-formed XML is a ConvertError naming its line. */
export function parseXml(fileText: string): XmlDocument {
  const unmarked = fileText.replace(/^\uFEFF/, '');
  const text = unmarked.trimStart();
  const removed = unmarked.slice(0, unmarked.length - text.length);
  const lineOffset = removed.split('\n').length - 1;
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { line, msg } = valid.err;
    throw new ConvertError(`The file is not well-formed XML: line ${line + lineOffset}: ${msg}`);
  }
  try {
    return { text, lineOffset, nodes: parser.parse(text) as XmlNode[] };
  } catch (error) {
    throw new ConvertError(`The file could not be read as XML: ${(error as Error).message}`);
  }
}

/** The element's tag, or null for text. */
export function tagOf(node: XmlNode): string | null {
  return Object.keys(node).find((key) => key !== ATTRIBUTES && key !== TEXT) ?? null;
}

/** The tag without a namespace prefix: `ol:verse` → `verse`. */
export function localName(node: XmlNode): string | null {
  return tagOf(node)?.replace(/^.*:/, '') ?? null;
}

export function isText(node: XmlNode): boolean {
  return TEXT in node;
}

export function textValue(node: XmlNode): string {
  return String(node[TEXT] ?? '');
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const tag = tagOf(node);
  const children = tag === null ? null : node[tag];
  return Array.isArray(children) ? (children as XmlNode[]) : [];
}

export function elementsOf(node: XmlNode): XmlNode[] {
  return childrenOf(node).filter((child) => tagOf(child) !== null);
}

export function attributesOf(node: XmlNode): Record<string, string> {
  const attributes = node[ATTRIBUTES];
  if (typeof attributes !== 'object' || attributes === null) return {};
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, `${value}`]));
}

/** All the text inside a node, its descendants' included. */
export function textContent(node: XmlNode): string {
  const pieces: string[] = [];
  const add = (from: XmlNode) => {
    if (isText(from)) pieces.push(textValue(from));
    else for (const child of childrenOf(from)) add(child);
  };
  add(node);
  return pieces.join('');
}

/** The 1-based line of the file where the element starts, or null. */
export function lineOf(doc: XmlDocument, node: XmlNode): number | null {
  const start = (node[META] as { startIndex?: number } | undefined)?.startIndex;
  if (start === undefined) return null;
  doc.lineStarts ??= [0, ...[...doc.text.matchAll(/\n/g)].map((match) => match.index + 1)];
  // The last line start at or before `start`, by bisection.
  let [low, high] = [0, doc.lineStarts.length - 1];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.lineStarts[middle]! <= start) low = middle;
    else high = middle - 1;
  }
  return low + 1 + doc.lineOffset;
}

/** The element exactly as the file writes it. */
export function rawXml(doc: XmlDocument, node: XmlNode): string {
  const meta = node[META] as { startIndex?: number; endIndex?: number } | undefined;
  if (meta?.startIndex !== undefined && meta.endIndex !== undefined) {
    return doc.text.slice(meta.startIndex, meta.endIndex);
  }
  return serialize(node);
}

function serialize(node: XmlNode): string {
  if (isText(node)) return escapeText(textValue(node));
  const tag = tagOf(node) ?? '';
  const inner = childrenOf(node).map(serialize).join('');
  return `<${tag}${attributesXml(attributesOf(node))}>${inner}</${tag}>`;
}

export function escapeText(text: string): string {
  return stripInvalidChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

// Characters XML 1.0 cannot hold at all, not even as references.
function stripInvalidChars(text: string): string {
  // eslint-disable-next-line no-control-regex -- these control characters are what it removes
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

const XML_NAME = /^[A-Za-z_][\w.:-]*$/;

/** ` name="value"` for each attribute whose name is a valid XML name. */
export function attributesXml(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .filter(([name]) => XML_NAME.test(name))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
}

/** `<tag attributes>content</tag>`, or `<tag attributes/>` when there is no content. */
export function element(tag: string, attributes: Record<string, string>, content: string): string {
  const open = `${tag}${attributesXml(attributes)}`;
  return content === '' ? `<${open}/>` : `<${open}>${content}</${tag}>`;
}

/** True when the text is one well-formed XML element (an extra kept from an imported file). */
export function isXmlElement(text: string): boolean {
  return /^\s*</.test(text) && XMLValidator.validate(text) === true;
}
