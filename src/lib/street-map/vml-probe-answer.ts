// Importing this module makes reading `document.namespaces` throw a plain value (no stack recorded)
// until `removeVmlProbeAnswer()`. Why: leaflet-load.ts. Browsers that have the property keep it.
const hadNamespaces = 'namespaces' in document;

if (!hadNamespaces)
  Object.defineProperty(document, 'namespaces', {
    configurable: true,
    get() {
      throw 'no VML'; // a plain value: no stack recorded
    },
  });

export function removeVmlProbeAnswer(): void {
  if (!hadNamespaces) delete (document as { namespaces?: unknown }).namespaces;
}
