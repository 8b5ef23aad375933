// One line per failed test at the end of a run (the part of the output CI shows).

/**
 * The first line of an error message, cut to one screen line, then what CI needs to find the cause: what a
 * Playwright call was waiting for, and the test file's line it failed on.
 */
export function failureLine(message: string | undefined, root: string): string {
  const lines = (message ?? '').split('\n');
  const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 3)}...` : text);
  const line = cut(lines.find((text) => text.trim() !== '') ?? 'failed', 160);
  const waiting = lines
    .find((text) => /^\s*- waiting for /.test(text))
    ?.trim()
    .slice(2);
  const at = lines.map((text) => /([\w./-]+\.test\.tsx?:\d+)(?::\d+)?\)?\s*$/.exec(text)?.[1]).find((found) => found !== undefined);
  return [line, waiting && `(${cut(waiting, 120)})`, at && `at ${at.replace(`${root}/`, '')}`].filter(Boolean).join(' ');
}
