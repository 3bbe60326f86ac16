// A WebSocket stand-in for unit tests of pages that follow orders live: install it as
// globalThis.WebSocket, then open(), message() and close() each instance from the test.
export class FakeSocket extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = 0;
  binaryType = 'blob';
  constructor(readonly url: string) {
    super();
    FakeSocket.all.push(this);
  }
  send() {}
  close(code = 1000) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason: '', wasClean: true }));
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  message(data: unknown) {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(data) }));
  }
}
