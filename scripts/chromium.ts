import { existsSync } from 'node:fs';

/** Chromium from the system (Debian's `chromium` package) or CHROMIUM_PATH; browsers are never downloaded. */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(
    (path): path is string => Boolean(path),
  );
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium executable.',
    );
  }
  return found;
}
