// One ringing tab per browser (issue 14): the tabs of one restaurant queue for a Web Lock; the holder
// leads (rings, notifies, sets the badge) until it closes, when the browser hands the lock to the next
// tab. A tab may take over (steal) when the staff press "Ring here", e.g. because the leading tab's
// sound is blocked. Without Web Locks every tab leads: ringing twice beats not ringing.

/** The part of the Web Locks API used here (navigator.locks). */
export interface LockManagerLike {
  request(
    name: string,
    options: { signal?: AbortSignal; steal?: boolean },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<unknown>;
}

export class LeaderElection {
  private leading = false;
  private stopped = false;
  /** Each request is a generation: outcomes of superseded requests are ignored. */
  private generation = 0;
  private abort: AbortController | null = null;
  private release: (() => void) | null = null;

  constructor(
    private readonly name: string,
    private readonly onChange: (leading: boolean) => void,
    private readonly locks: LockManagerLike | null,
  ) {}

  get isLeader(): boolean {
    return this.leading;
  }

  start(): void {
    if (!this.locks) {
      this.set(true);
      return;
    }
    this.enqueue(false);
  }

  /** Lead from now on, taking the lock from whichever tab holds it. */
  takeOver(): void {
    if (!this.locks || this.leading || this.stopped) return;
    this.enqueue(true);
  }

  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.abort?.abort();
    this.release?.();
    this.release = null;
    this.set(false);
  }

  private enqueue(steal: boolean): void {
    const gen = ++this.generation;
    this.abort?.abort(); // a waiting request of ours is superseded
    const abort = new AbortController();
    this.abort = abort;
    // A signal may not be combined with steal (the steal is granted at once anyway).
    const options = steal ? { steal: true } : { signal: abort.signal };
    this.locks!.request(this.name, options, () => {
      if (gen !== this.generation || this.stopped) return Promise.resolve();
      this.set(true);
      return new Promise<void>((resolve) => {
        this.release = resolve;
      });
    }).then(
      () => {
        // Released by us (stop): nothing more to do.
      },
      () => {
        // Aborted (superseded, stopped) or stolen by another tab: follow, and queue to lead again.
        if (gen !== this.generation || this.stopped) return;
        this.release = null;
        this.set(false);
        this.enqueue(false);
      },
    );
  }

  private set(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    this.onChange(leading);
  }
}
