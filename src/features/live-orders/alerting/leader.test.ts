import { describe, expect, it, vi } from 'vitest';
import { FakeLocks } from './fake-browser.ts';
import { LeaderElection } from './leader.ts';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('LeaderElection', () => {
  it('lets one tab lead; the next one leads when it closes', async () => {
    const locks = new FakeLocks();
    const a = vi.fn();
    const b = vi.fn();
    const tabA = new LeaderElection('ring', a, locks);
    const tabB = new LeaderElection('ring', b, locks);
    tabA.start();
    tabB.start();
    await settle();
    expect([tabA.isLeader, tabB.isLeader]).toEqual([true, false]);
    expect(b).not.toHaveBeenCalled();
    tabA.stop();
    await settle();
    expect([tabA.isLeader, tabB.isLeader]).toEqual([false, true]);
    expect(a.mock.calls).toEqual([[true], [false]]);
    expect(b.mock.calls).toEqual([[true]]);
  });

  it('hands the lead to a tab that takes over, and the old leader queues to lead again', async () => {
    const locks = new FakeLocks();
    const tabA = new LeaderElection('ring', () => undefined, locks);
    const tabB = new LeaderElection('ring', () => undefined, locks);
    tabA.start();
    tabB.start();
    await settle();
    tabB.takeOver();
    await settle();
    expect([tabA.isLeader, tabB.isLeader]).toEqual([false, true]);
    expect(locks.holderCount('ring')).toBe(1);
    tabB.stop();
    await settle();
    expect(tabA.isLeader).toBe(true);
  });

  it('keeps tabs of different restaurants apart', async () => {
    const locks = new FakeLocks();
    const one = new LeaderElection('ring-1', () => undefined, locks);
    const two = new LeaderElection('ring-2', () => undefined, locks);
    one.start();
    two.start();
    await settle();
    expect([one.isLeader, two.isLeader]).toEqual([true, true]);
  });

  it('leads in every tab where the browser has no Web Locks', () => {
    const tab = new LeaderElection('ring', () => undefined, null);
    tab.start();
    expect(tab.isLeader).toBe(true);
  });
});
