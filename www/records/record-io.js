// Game records outside the engine: the replay and play-on links, the record as a file
// (download, open), and reading a record from a link's fragment. No rules here: every
// record read is handed to the engine (Replay, Game.fromRecord), which checks it.
import { pageUrl } from '../shared/pages.js';

// Longer links still work in browsers (Chromium takes URLs up to 2 MB), but some mail and
// chat apps cut them: past this length the share dialog also offers the file.
export const LONG_LINK = 8000;
// The file type people see; the file is the record's text and a newline.
export const FILE_EXTENSION = '.2048.txt';

/** The link that opens the replay of `record` (optionally at position `at`; `review`: with its review open). */
export function replayUrl(record, at, { review = false } = {}) {
  return `${pageUrl('replay.html').href}#${record}${at != null ? `&at=${at}` : ''}${review ? '&review=1' : ''}`;
}

/** The game page, playing on from move `at` of `record` (the page asks before it replaces a game). */
export function continueUrl(record, at, { ai = false } = {}) {
  return `${pageUrl('index.html').href}#continue=${record}${at != null ? `&at=${at}` : ''}${ai ? '&ai=1' : ''}`;
}

/**
 * A fragment as written by replayUrl or continueUrl: { record, at, ai, review, kind } ('replay'
 * or 'continue'); null when there is no fragment. The record is not checked here.
 */
export function readFragment(hash) {
  const text = (hash ?? '').replace(/^#/, '');
  if (!text) return null;
  const parts = text.split('&');
  const fields = {};
  let record = parts[0];
  let kind = 'replay';
  if (record.startsWith('continue=')) {
    kind = 'continue';
    record = record.slice('continue='.length);
  }
  for (const p of parts.slice(1)) {
    const [k, v = ''] = p.split('=');
    fields[k] = v;
  }
  const at = /^\d+$/.test(fields.at ?? '') ? Number(fields.at) : undefined;
  return { kind, record: decodeURIComponent(record).trim(), at, ai: fields.ai === '1', review: fields.review === '1' };
}

/** A file name for a game: 2048-4x4-score-12345.2048.txt. */
export function fileName({ size, score }) {
  return `2048-${size}x${size}-score-${score}${FILE_EXTENSION}`;
}

/** Offers `record` as a file download. */
export function download(doc, record, name) {
  const url = URL.createObjectURL(new Blob([`${record}\n`], { type: 'text/plain' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Files larger than this are not game records (a 100,000-move 8x8 game is about 130 KB).
const MAX_FILE = 4 << 20;

/** The text of a file picked or dropped, trimmed; rejects with words for files that cannot be one. */
export async function readRecordFile(file) {
  if (file.size > MAX_FILE) throw new Error(`the file "${file.name}" is ${Math.round(file.size / 1024)} KB, too large for a game record`);
  const text = (await file.text()).trim();
  if (!text) throw new Error(`the file "${file.name}" is empty`);
  return text;
}
