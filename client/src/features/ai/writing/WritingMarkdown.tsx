/**
 * A writing tool's result is Markdown. It is shown with the chat area's renderer (React elements only, links
 * limited to http(s) and mailto), plus the headings models like to write, which chat messages do not have.
 * The same rendering becomes the doc's content when the result is applied (editorContent.ts), so what the
 * preview shows is what the doc gets.
 */
import { renderMarkdown } from '../../chat/markdown';
import styles from './Writing.module.css';

type Segment = { kind: 'markdown'; text: string } | { kind: 'heading'; level: number; text: string };

const headingPattern = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const fencePattern = /^ {0,3}(`{3,}|~{3,})/;

/** The source cut into Markdown runs and heading lines (a "#" inside a code block stays code). */
export function markdownSegments(source: string): Segment[] {
  const segments: Segment[] = [];
  let run: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (run.some((line) => line.trim())) segments.push({ kind: 'markdown', text: run.join('\n') });
    run = [];
  };
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const opening = fencePattern.exec(line)?.[1];
    if (opening && (fence === null || (opening[0] === fence[0] && opening.length >= fence.length))) {
      fence = fence === null ? opening : null;
    }
    const heading = fence === null ? headingPattern.exec(line) : null;
    if (heading && !opening) {
      flush();
      segments.push({ kind: 'heading', level: heading[1]?.length ?? 1, text: heading[2] ?? '' });
    } else {
      run.push(line);
    }
  }
  flush();
  return segments;
}

export function WritingMarkdown({ source }: { source: string }) {
  return (
    <>
      {markdownSegments(source).map((segment, index) =>
        segment.kind === 'heading' ? (
          <div key={index} role="heading" aria-level={segment.level} data-level={segment.level} className={styles.heading}>
            {renderMarkdown(segment.text)}
          </div>
        ) : (
          <div key={index}>{renderMarkdown(segment.text)}</div>
        ),
      )}
    </>
  );
}
