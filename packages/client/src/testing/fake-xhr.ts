// A stand-in XMLHttpRequest for upload tests: records what was sent, lets the test report
// upload progress and answer when it wants to.
import { vi } from 'vitest';

type Listener = (event: ProgressEvent) => void;

class Emitter {
  private listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, init: { loaded?: number; total?: number } = {}) {
    const event = {
      type,
      loaded: init.loaded ?? 0,
      total: init.total ?? 0,
      lengthComputable: init.total !== undefined,
    } as ProgressEvent;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export class FakeXhr extends Emitter {
  static last: FakeXhr | null = null;
  static all: FakeXhr[] = [];
  readonly upload = new Emitter();
  method = '';
  url = '';
  timeout = 0;
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;

  constructor() {
    super();
    FakeXhr.last = this;
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  /** The test side: bytes going out. */
  progress(loaded: number, total: number) {
    this.upload.emit('progress', { loaded, total });
  }
  /** Every byte sent, then the server answers. */
  respond(status: number, body: unknown) {
    this.upload.emit('load');
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.emit('load');
  }
}

export function installFakeXhr() {
  FakeXhr.last = null;
  FakeXhr.all = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
