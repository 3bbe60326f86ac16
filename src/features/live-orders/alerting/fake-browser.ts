// Test stand-ins for one browser's Web Locks (a queue per name, with steal) and BroadcastChannel (every
// other channel of the same name hears a message, asynchronously, never the sender).
import type { ChannelLike } from './alert-controller.ts';
import type { LockManagerLike } from './leader.ts';

interface Request {
  callback: (lock: unknown) => Promise<void>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

const abortError = () => new DOMException('The lock request was aborted.', 'AbortError');

export class FakeLocks implements LockManagerLike {
  private readonly held = new Map<string, Request>();
  private readonly waiting = new Map<string, Request[]>();

  request(
    name: string,
    options: { signal?: AbortSignal; steal?: boolean },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const req: Request = { callback, resolve, reject };
      if (options.steal) {
        const holder = this.held.get(name);
        this.held.delete(name);
        holder?.reject(abortError());
        this.grant(name, req);
        return;
      }
      options.signal?.addEventListener('abort', () => {
        const queue = this.waiting.get(name) ?? [];
        const i = queue.indexOf(req);
        if (i >= 0) {
          queue.splice(i, 1);
          reject(abortError());
        }
      });
      if (this.held.has(name)) this.waiting.set(name, [...(this.waiting.get(name) ?? []), req]);
      else this.grant(name, req);
    });
  }

  holderCount(name: string): number {
    return this.held.has(name) ? 1 : 0;
  }

  private grant(name: string, req: Request): void {
    this.held.set(name, req);
    void req.callback({ name }).then((v) => {
      if (this.held.get(name) !== req) return; // stolen meanwhile
      this.held.delete(name);
      req.resolve(v);
      const next = this.waiting.get(name)?.shift();
      if (next) this.grant(name, next);
    });
  }
}

export class FakeChannelBus {
  private readonly channels = new Set<FakeChannel>();

  open(): FakeChannel {
    const c = new FakeChannel(this);
    this.channels.add(c);
    return c;
  }

  deliver(from: FakeChannel, data: unknown): void {
    for (const c of this.channels) if (c !== from && !c.closed) queueMicrotask(() => c.receive(data));
  }
}

export class FakeChannel implements ChannelLike {
  closed = false;
  private readonly fns = new Set<(e: MessageEvent) => void>();
  constructor(private readonly bus: FakeChannelBus) {}
  postMessage(m: unknown): void {
    if (this.closed) throw new DOMException('closed', 'InvalidStateError');
    this.bus.deliver(this, structuredClone(m));
  }
  addEventListener(_type: 'message', fn: (e: MessageEvent) => void): void {
    this.fns.add(fn);
  }
  removeEventListener(_type: 'message', fn: (e: MessageEvent) => void): void {
    this.fns.delete(fn);
  }
  close(): void {
    this.closed = true;
  }
  receive(data: unknown): void {
    if (this.closed) return;
    for (const fn of this.fns) fn(new MessageEvent('message', { data }));
  }
}
