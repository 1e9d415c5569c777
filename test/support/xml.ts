// A strict XML parser for the tests of what the service writes as XML (feeds, sitemaps): @xmldom/xmldom
// with every warning and error turned into a failure, so "it parsed" means well-formed.

import { DOMParser, type Document, type Element } from '@xmldom/xmldom';

export function parseXml(text: string): Document {
  const parser = new DOMParser({
    onError: (level, message) => {
      throw new Error(`XML ${level}: ${message}`);
    },
  });
  return parser.parseFromString(text, 'text/xml');
}

/** The child elements of `parent` named `name` in namespace `ns` (direct children only). */
export function children(parent: Element | Document, ns: string, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    const element = node as Element;
    if (node.nodeType === 1 && element.namespaceURI === ns && element.localName === name) found.push(element);
  }
  return found;
}

/** The text of the one child named `name`, or undefined without one. */
export function childText(parent: Element, ns: string, name: string): string | undefined {
  const [child, ...more] = children(parent, ns, name);
  if (more.length > 0) throw new Error(`more than one <${name}> in <${parent.localName}>`);
  return child?.textContent ?? undefined;
}
