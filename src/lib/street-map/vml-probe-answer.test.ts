import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.resetModules());

describe("Leaflet's VML probe answered without an Error", () => {
  it('reading document.namespaces throws a plain value until the answer is removed', async () => {
    expect('namespaces' in document).toBe(false);
    const { removeVmlProbeAnswer } = await import('./vml-probe-answer.ts');
    let thrown: unknown;
    try {
      (document as unknown as { namespaces: { add(...a: string[]): void } }).namespaces.add('lvml', 'urn');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeDefined();
    expect(thrown).not.toBeInstanceOf(Error);
    removeVmlProbeAnswer();
    expect('namespaces' in document).toBe(false);
  });

  it('Leaflet loaded through leaflet-load draws no VML and leaves document as it was', async () => {
    await import('./leaflet-load.ts');
    expect('namespaces' in document).toBe(false);
    const L = await import('leaflet');
    expect(L.Browser.vml).toBe(false);
  });
});
