// zod as the contract files use it. In the browser our Content-Security-Policy forbids eval, and zod
// probes `new Function` when it builds an object schema unless it was told to stay jitless first
// (Chrome reports the probe as a violation even though zod catches it). Every contract file takes z
// from here, so the setting comes before the first schema in whatever order a chunk loads them.
// The server, which has no such policy, keeps the compiled fast path.
import { z } from 'zod';

if ('document' in globalThis) z.config({ jitless: true });

export { z };
