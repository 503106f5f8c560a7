// A WebSocket stand-in for the socket tests (lib/orderLive, lib/staffLive): it records what was
// sent and lets the test open, answer and drop it. `FakeSocket.all` lists every socket made
// (reset it after each test).
export class FakeSocket {
  static OPEN = 1;
  static all = [];

  constructor(url) {
    this.url = url;
    this.readyState = 0;
    this.sent = [];
    FakeSocket.all.push(this);
  }

  send(text) {
    this.sent.push(JSON.parse(text));
  }

  close(code) {
    this.closedWith = code;
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.();
  }

  receive(message) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
