/**
 * The PDF uses the 14 standard PDF fonts (Helvetica, Courier), which hold only the Windows-1252
 * ("WinAnsi") characters: embedding a font file for every script would make each export megabytes.
 * Emoji (also the doc's own emoji) are dropped; accented letters outside the set fall back to
 * their base letter ("ő" -> "o"); any other character becomes "?". Tabs become four spaces.
 */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || code === 0x0a || winAnsiExtras.has(character);
}

/** Pictographs, skin tones, flags' letters and tags. */
const pictographPart = /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u{e0020}-\u{e007f}])$/u;
/** What joins or modifies pictographs: the zero-width joiner, the text and emoji variation selectors, the keycap. */
const emojiJoiners = new Set(['\u200d', '\ufe0e', '\ufe0f', '\u20e3']);
const isEmojiPart = (character: string) => emojiJoiners.has(character) || pictographPart.test(character);

export function pdfText(text: string): string {
  let result = '';
  for (const character of text.replace(/\t/g, '    ').replace(/\r\n?/g, '\n')) {
    // ©, ® and ™ are pictographs too, but the fonts have them.
    if (isWinAnsi(character)) result += character;
    else if (isEmojiPart(character)) continue;
    else {
      const base = character.normalize('NFKD').replace(/\p{M}/gu, '');
      result += base && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return result;
}
