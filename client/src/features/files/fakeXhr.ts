/** Test helper: an XMLHttpRequest stand-in that records each PUT and lets the test drive its progress and outcome. */
type ProgressHandler = ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;

export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  sent = false;
  aborted = false;
  upload: { onprogress: ProgressHandler } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    this.body = body;
    this.sent = true;
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }

  respond(status: number, body = ''): void {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }

  static reset(): void {
    FakeXhr.instances = [];
  }

  static sentOnes(): FakeXhr[] {
    return FakeXhr.instances.filter((xhr) => xhr.sent && !xhr.aborted && xhr.status === 0);
  }
}
