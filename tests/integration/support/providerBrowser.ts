import type { TestServer } from '../harness';

/**
 * A browser for sign-in round trips with an OpenID Connect provider: follows redirects by hand, keeps cookies per
 * host, fills in the provider's login and consent forms, and sends requests for the app's PUBLIC_URL to the test
 * server, as a reverse proxy would.
 */
export class ProviderBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(
    protected readonly app: TestServer,
    protected readonly publicUrl: string,
  ) {}

  async request(address: string | URL, form?: Record<string, string>): Promise<Response> {
    const url = new URL(String(address).replace(this.publicUrl, this.app.url));
    const jar = this.jar(url.host);
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(setCookie) || /max-age=0/i.test(setCookie)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /** The cookies the app set in this browser. */
  appCookies(): Map<string, string> {
    return this.jar(new URL(this.app.url).host);
  }

  /**
   * Follows redirects from `start`, signing in and consenting at the provider as `login` (or cancelling the
   * consent), until `stop` says a location is the end. Returns that location without visiting it, and every
   * location on the way.
   */
  async follow(
    start: string,
    login: string,
    options: { stop: (url: URL) => boolean; abortConsent?: boolean | undefined },
  ): Promise<{ url: URL; visited: URL[] }> {
    const visited: URL[] = [];
    let current = new URL(start, this.publicUrl);
    let response = await this.request(current);
    for (let step = 0; step < 20; step += 1) {
      const location = response.headers.get('location');
      if (location === null) {
        const prompt = /name="prompt" value="(\w+)"/.exec(await response.text())?.[1];
        if (prompt === 'consent' && options.abortConsent) response = await this.request(`${current.href}/abort`);
        else if (prompt) response = await this.request(current, { prompt, login, password: 'any' });
        else throw new Error(`stuck at ${current.href} with status ${response.status}`);
        continue;
      }
      current = new URL(location, current.origin === new URL(this.app.url).origin ? this.publicUrl : current);
      visited.push(current);
      if (options.stop(current)) return { url: current, visited };
      response = await this.request(current);
    }
    throw new Error('too many redirects');
  }

  private jar(host: string): Map<string, string> {
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }
}
