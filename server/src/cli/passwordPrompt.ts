/** Reading a password on the command line: hidden when typed in a terminal, or the first line of piped input. */

/** The first line of standard input (`echo "$PASSWORD" | npm run create-admin -- … --password-stdin`). */
export async function readPasswordFromStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** Reads one line from the terminal without echoing it. Ctrl-C cancels. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          finish();
          resolve(value);
          return;
        }
        if (character === '\u0003' || character === '\u0004') {
          finish();
          reject(new Error('Cancelled.'));
          return;
        }
        if (character === '\u007f' || character === '\b') value = value.slice(0, -1);
        else if (character >= ' ') value += character;
      }
    };
    input.on('data', onData);
  });
}

/** Asks for a new password twice until it passes `problem` (null when acceptable) and both match; three tries. */
export async function promptNewPassword(problem: (password: string) => string | null): Promise<string> {
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const password = await promptHidden('Password for the new administrator: ');
    const wrong = problem(password);
    if (wrong) {
      console.error(wrong);
      continue;
    }
    if ((await promptHidden('The same password again: ')) === password) return password;
    console.error('The two passwords differ.');
  }
  throw new Error('No password was set after three tries.');
}
