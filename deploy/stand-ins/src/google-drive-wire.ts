// Google Drive v3's wire format, as the local Drive stand-in (google-drive.ts) speaks it: the search query language
// of files.list's `q`, the `fields` partial-response syntax, multipart/related upload bodies read as a stream, and
// Google's error bodies. Pure code, no server: unit-tested in google-drive-wire.test.ts.

// ---------------------------------------------------------------------------------------------------------------
// Errors as Google sends them: {"error":{"code","message","errors":[{"domain","reason","message",…}],"status"}}
// ---------------------------------------------------------------------------------------------------------------

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  412: 'FAILED_PRECONDITION',
  416: 'OUT_OF_RANGE',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export interface DriveErrorDetail {
  domain?: string;
  location?: string;
  locationType?: 'parameter' | 'header';
  /** The message of the error item, when Google's differs from the top-level one ('Login Required.'). */
  itemMessage?: string;
}

/** Google's JSON error body. */
export interface DriveErrorBody {
  error: {
    code: number;
    message: string;
    errors: { message: string; domain: string; reason: string; location?: string; locationType?: string }[];
    status: string;
  };
}

/** An error a handler throws; the server answers it as Google would (driveErrorBody). */
export class DriveError extends Error {
  readonly code: number;
  readonly reason: string;
  readonly detail: DriveErrorDetail;
  readonly headers: Record<string, string>;
  constructor(code: number, reason: string, message: string, detail: DriveErrorDetail = {}, headers: Record<string, string> = {}) {
    super(message);
    this.code = code;
    this.reason = reason;
    this.detail = detail;
    this.headers = headers;
  }
}

export function driveErrorBody(code: number, reason: string, message: string, detail: DriveErrorDetail = {}): DriveErrorBody {
  return {
    error: {
      code,
      message,
      errors: [
        {
          message: detail.itemMessage ?? message,
          domain: detail.domain ?? (['rateLimitExceeded', 'userRateLimitExceeded', 'dailyLimitExceeded'].includes(reason) ? 'usageLimits' : 'global'),
          reason,
          ...(detail.location ? { location: detail.location, locationType: detail.locationType ?? 'parameter' } : {}),
        },
      ],
      status: STATUS_NAMES[code] ?? 'UNKNOWN',
    },
  };
}

/** Google's usual message for a reason (the rate limits and server errors tests script). */
export function defaultMessage(code: number, reason: string): string {
  const messages: Record<string, string> = {
    rateLimitExceeded: 'Rate Limit Exceeded',
    userRateLimitExceeded: 'User Rate Limit Exceeded',
    backendError: 'Backend Error',
    internalError: 'Internal Error',
    badGateway: 'Bad Gateway',
    serviceUnavailable: 'Service Unavailable',
  };
  return messages[reason] ?? (code >= 500 ? 'Backend Error' : 'Request failed');
}

/** The reason Google gives with each status when a test names none. */
export function defaultReason(code: number): string {
  if (code === 429) return 'rateLimitExceeded';
  if (code === 403) return 'rateLimitExceeded';
  if (code === 502) return 'badGateway';
  if (code === 503) return 'serviceUnavailable';
  if (code >= 500) return 'backendError';
  if (code === 404) return 'notFound';
  return 'invalid';
}

const invalidQuery = (): DriveError => new DriveError(400, 'invalid', 'Invalid Value', { location: 'q', locationType: 'parameter' });

// ---------------------------------------------------------------------------------------------------------------
// The search query language (files.list `q`)
// ---------------------------------------------------------------------------------------------------------------

export type Comparator = '=' | '!=' | '<' | '<=' | '>' | '>=' | 'contains';

export type DriveQuery =
  | { op: 'and' | 'or'; left: DriveQuery; right: DriveQuery }
  | { op: 'not'; operand: DriveQuery }
  | { op: 'compare'; field: string; comparator: Comparator; value: string | boolean }
  | { op: 'in'; value: string; field: 'parents' }
  | { op: 'has'; field: 'appProperties' | 'properties'; key: string; value: string };

/** What a query looks at of a file. */
export interface QueryableFile {
  name: string;
  mimeType: string;
  parents: readonly string[];
  trashed: boolean;
  starred: boolean;
  appProperties: Readonly<Record<string, string>>;
  properties: Readonly<Record<string, string>>;
  createdTime: string;
  modifiedTime: string;
  description?: string;
}

type Token = { type: 'string'; value: string } | { type: 'word'; value: string } | { type: 'op'; value: string } | { type: 'punct'; value: string };

function tokenize(q: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      // Strings are quoted with ' (Drive's documented form; " is accepted too); \' and \\ escape.
      let value = '';
      i++;
      for (;;) {
        if (i >= q.length) throw invalidQuery();
        const d = q[i]!;
        if (d === '\\') {
          if (i + 1 >= q.length) throw invalidQuery();
          value += q[i + 1];
          i += 2;
        } else if (d === c) {
          i++;
          break;
        } else {
          value += d;
          i++;
        }
      }
      tokens.push({ type: 'string', value });
    } else if ('(){}'.includes(c)) {
      tokens.push({ type: 'punct', value: c });
      i++;
    } else if (c === '!' || c === '<' || c === '>' || c === '=') {
      const two = q.slice(i, i + 2);
      if (two === '!=' || two === '<=' || two === '>=') {
        tokens.push({ type: 'op', value: two });
        i += 2;
      } else if (c === '!') {
        throw invalidQuery();
      } else {
        tokens.push({ type: 'op', value: c });
        i++;
      }
    } else if (/[A-Za-z_]/.test(c)) {
      const match = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(q.slice(i))!;
      tokens.push({ type: 'word', value: match[0] });
      i += match[0].length;
    } else {
      throw invalidQuery();
    }
  }
  return tokens;
}

const STRING_FIELDS = new Set(['name', 'mimeType', 'fullText']);
const BOOLEAN_FIELDS = new Set(['trashed', 'starred']);
const TIME_FIELDS = new Set(['modifiedTime', 'createdTime']);

/**
 * Parses a Drive search query: `name = '…'`, `name contains '…'`, `fullText contains '…'`, `mimeType = / != '…'`,
 * `'<id>' in parents`, `appProperties has { key='k' and value='v' }` (and `properties`), `trashed = true|false`,
 * `starred = …`, `modifiedTime > '<RFC 3339>'` (and createdTime), joined by `and`, `or`, `not` and parentheses.
 * Anything else is Google's 400 'Invalid Value' (location q). An empty query is undefined (everything matches).
 */
export function parseDriveQuery(q: string): DriveQuery | undefined {
  const tokens = tokenize(q);
  if (tokens.length === 0) return undefined;
  let position = 0;
  const peek = (): Token | undefined => tokens[position];
  const isWord = (token: Token | undefined, word: string): boolean => token?.type === 'word' && token.value.toLowerCase() === word;
  const next = (): Token => {
    const token = tokens[position++];
    if (!token) throw invalidQuery();
    return token;
  };
  const expect = (type: Token['type'], value?: string): Token => {
    const token = next();
    if (token.type !== type || (value !== undefined && token.value.toLowerCase() !== value.toLowerCase())) throw invalidQuery();
    return token;
  };

  const orExpression = (): DriveQuery => {
    let left = andExpression();
    while (isWord(peek(), 'or')) {
      position++;
      left = { op: 'or', left, right: andExpression() };
    }
    return left;
  };
  const andExpression = (): DriveQuery => {
    let left = unary();
    while (isWord(peek(), 'and')) {
      position++;
      left = { op: 'and', left, right: unary() };
    }
    return left;
  };
  const unary = (): DriveQuery => {
    const token = peek();
    if (isWord(token, 'not')) {
      position++;
      return { op: 'not', operand: unary() };
    }
    if (token?.type === 'punct' && token.value === '(') {
      position++;
      const inner = orExpression();
      expect('punct', ')');
      return inner;
    }
    return term();
  };
  const term = (): DriveQuery => {
    const first = next();
    if (first.type === 'string') {
      // '<value>' in <collection>
      expect('word', 'in');
      const collection = expect('word').value;
      if (collection !== 'parents') throw invalidQuery();
      return { op: 'in', value: first.value, field: 'parents' };
    }
    if (first.type !== 'word') throw invalidQuery();
    const field = first.value;
    if (field === 'appProperties' || field === 'properties') {
      expect('word', 'has');
      expect('punct', '{');
      const pair: Record<string, string> = {};
      for (let part = 0; part < 2; part++) {
        if (part === 1) expect('word', 'and');
        const name = expect('word').value;
        if ((name !== 'key' && name !== 'value') || name in pair) throw invalidQuery();
        expect('op', '=');
        pair[name] = expect('string').value;
      }
      expect('punct', '}');
      return { op: 'has', field, key: pair.key!, value: pair.value! };
    }
    const operator = next();
    const comparator = operator.type === 'op' ? operator.value : isWord(operator, 'contains') ? 'contains' : undefined;
    if (!comparator) throw invalidQuery();
    const valueToken = next();
    if (BOOLEAN_FIELDS.has(field)) {
      if (comparator !== '=' && comparator !== '!=') throw invalidQuery();
      if (!isWord(valueToken, 'true') && !isWord(valueToken, 'false')) throw invalidQuery();
      return { op: 'compare', field, comparator, value: valueToken.value.toLowerCase() === 'true' };
    }
    if (valueToken.type !== 'string') throw invalidQuery();
    if (STRING_FIELDS.has(field)) {
      const allowed = field === 'fullText' ? ['contains'] : ['=', '!=', 'contains'];
      if (!allowed.includes(comparator)) throw invalidQuery();
      return { op: 'compare', field, comparator: comparator as Comparator, value: valueToken.value };
    }
    if (TIME_FIELDS.has(field)) {
      if (comparator === 'contains' || Number.isNaN(Date.parse(valueToken.value))) throw invalidQuery();
      return { op: 'compare', field, comparator: comparator as Comparator, value: valueToken.value };
    }
    throw invalidQuery();
  };

  const query = orExpression();
  if (position !== tokens.length) throw invalidQuery();
  return query;
}

/** Whether `file` matches `query` (undefined: every file). `resolveParent` maps aliases ('root') to ids. */
export function matchesDriveQuery(query: DriveQuery | undefined, file: QueryableFile, resolveParent: (id: string) => string = (id) => id): boolean {
  if (!query) return true;
  switch (query.op) {
    case 'and':
      return matchesDriveQuery(query.left, file, resolveParent) && matchesDriveQuery(query.right, file, resolveParent);
    case 'or':
      return matchesDriveQuery(query.left, file, resolveParent) || matchesDriveQuery(query.right, file, resolveParent);
    case 'not':
      return !matchesDriveQuery(query.operand, file, resolveParent);
    case 'in':
      return file.parents.includes(resolveParent(query.value));
    case 'has': {
      const map = file[query.field];
      return Object.hasOwn(map, query.key) && map[query.key] === query.value;
    }
    case 'compare': {
      const { field, comparator, value } = query;
      if (typeof value === 'boolean') {
        const actual = field === 'trashed' ? file.trashed : file.starred;
        return comparator === '=' ? actual === value : actual !== value;
      }
      if (TIME_FIELDS.has(field)) {
        const actual = Date.parse(field === 'createdTime' ? file.createdTime : file.modifiedTime);
        const wanted = Date.parse(value);
        return { '=': actual === wanted, '!=': actual !== wanted, '<': actual < wanted, '<=': actual <= wanted, '>': actual > wanted, '>=': actual >= wanted }[
          comparator as Exclude<Comparator, 'contains'>
        ];
      }
      if (field === 'fullText') return `${file.name}\n${file.description ?? ''}`.toLowerCase().includes(value.toLowerCase());
      const actual = field === 'name' ? file.name : file.mimeType;
      if (comparator === 'contains') return actual.toLowerCase().includes(value.toLowerCase());
      return comparator === '=' ? actual === value : actual !== value;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Partial responses (`fields`)
// ---------------------------------------------------------------------------------------------------------------

/** A parsed `fields` value: each selected name, with what of it is selected (null: all of it). */
export type FieldSelection = Map<string, FieldSelection | null>;

/** The shape of a response, for checking a selection: a name's sub-shape, or true for a leaf (or a free-form map). */
export type FieldSchema = { readonly [name: string]: FieldSchema | true };

const invalidFields = (what: string): DriveError =>
  new DriveError(400, 'invalidParameter', `Invalid field selection ${what}`, { location: 'fields', locationType: 'parameter' });

/** Parses Google's partial-response syntax: `a,b/c,d(e,f/g),*`. */
export function parseFields(fields: string): FieldSelection {
  let position = 0;
  const text = fields.replace(/\s+/g, '');
  const name = (): string => {
    const match = /^(?:\*|[A-Za-z_$][A-Za-z0-9_$.-]*)/.exec(text.slice(position));
    if (!match) throw invalidFields(text.slice(position) || fields);
    position += match[0].length;
    return match[0];
  };
  const merge = (into: FieldSelection, key: string, value: FieldSelection | null): void => {
    const existing = into.get(key);
    if (existing === null || (existing !== undefined && value === null)) {
      into.set(key, null);
    } else if (existing !== undefined && value !== null) {
      for (const [k, v] of value) merge(existing, k, v);
    } else {
      into.set(key, value);
    }
  };
  const list = (): FieldSelection => {
    const selection: FieldSelection = new Map();
    for (;;) {
      const path = [name()];
      while (text[position] === '/') {
        position++;
        path.push(name());
      }
      let leaf: FieldSelection | null = null;
      if (text[position] === '(') {
        position++;
        leaf = list();
        if (text[position] !== ')') throw invalidFields(fields);
        position++;
      }
      let value: FieldSelection | null = leaf;
      for (const key of path.slice(1).reverse()) value = new Map([[key, value]]);
      merge(selection, path[0]!, value);
      if (text[position] !== ',') break;
      position++;
    }
    return selection;
  };
  const selection = list();
  if (position !== text.length) throw invalidFields(fields);
  return selection;
}

/** Throws Google's 400 'Invalid field selection <name>' for a name the schema does not know. */
export function checkFields(selection: FieldSelection, schema: FieldSchema): void {
  for (const [key, sub] of selection) {
    if (key === '*') continue;
    const shape = schema[key];
    if (!shape) throw invalidFields(key);
    if (sub && shape !== true) checkFields(sub, shape);
  }
}

/** The selected part of `value` (arrays: of each element). */
export function selectFields(value: unknown, selection: FieldSelection | null | undefined): unknown {
  if (!selection || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => selectFields(item, selection));
  const source = value as Record<string, unknown>;
  const all = selection.has('*');
  const wildcard = selection.get('*');
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(source)) {
    if (item === undefined) continue;
    if (selection.has(key)) result[key] = selectFields(item, selection.get(key));
    else if (all) result[key] = selectFields(item, wildcard);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// multipart/related bodies, read as a stream (the media part may be large: it is handed on piece by piece)
// ---------------------------------------------------------------------------------------------------------------

/** Where one part's bytes go. */
export interface PartSink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

const MAX_HEADER_BYTES = 16 * 1024;

/** The boundary of a `multipart/related; boundary=…` content type, or undefined. */
export function multipartBoundary(contentType: string | undefined): string | undefined {
  if (!contentType || !/^multipart\/related\b/i.test(contentType.trim())) return undefined;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/**
 * Reads a multipart body from `body`, handing each part's headers (lower-cased names) to `partSink` and its bytes to
 * the sink it returns, never holding more than a chunk and a delimiter's length. Resolves with the number of parts;
 * rejects on a malformed body (no closing delimiter, oversized part headers).
 */
export async function readMultipart(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
  partSink: (index: number, headers: Record<string, string>) => PartSink,
): Promise<number> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter may open the body without a line break before it.
  let buffer: Buffer = Buffer.from('\r\n');
  let state: 'seek' | 'after-delimiter' | 'headers' | 'body' | 'done' = 'seek';
  let sink: PartSink | undefined;
  let parts = 0;

  const drain = async (): Promise<void> => {
    for (;;) {
      if (state === 'done') {
        buffer = Buffer.alloc(0);
        return;
      }
      if (state === 'seek' || state === 'body') {
        const at = buffer.indexOf(delimiter);
        if (at < 0) {
          const keep = Math.min(buffer.length, delimiter.length - 1);
          if (state === 'body' && buffer.length > keep) await sink!.write(buffer.subarray(0, buffer.length - keep));
          buffer = buffer.subarray(buffer.length - keep);
          return;
        }
        if (state === 'body') {
          if (at > 0) await sink!.write(buffer.subarray(0, at));
          await sink!.end();
          sink = undefined;
        }
        buffer = buffer.subarray(at + delimiter.length);
        state = 'after-delimiter';
      }
      if (state === 'after-delimiter') {
        if (buffer.length < 2) return;
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = 'done';
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw new DriveError(400, 'badRequest', 'Malformed multipart body.');
          return;
        }
        buffer = buffer.subarray(lineEnd + 2);
        state = 'headers';
      }
      if (state === 'headers') {
        let headerText: string;
        if (buffer.subarray(0, 2).toString() === '\r\n') {
          headerText = '';
          buffer = buffer.subarray(2);
        } else {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) {
            if (buffer.length > MAX_HEADER_BYTES) throw new DriveError(400, 'badRequest', 'Malformed multipart body.');
            return;
          }
          headerText = buffer.subarray(0, end).toString('utf8');
          buffer = buffer.subarray(end + 4);
        }
        const headers: Record<string, string> = {};
        for (const line of headerText.split('\r\n')) {
          const colon = line.indexOf(':');
          if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        sink = partSink(parts++, headers);
        state = 'body';
      }
    }
  };

  for await (const chunk of body) {
    buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk]);
    await drain();
  }
  // (state is changed inside drain, which the compiler does not follow)
  if ((state as string) !== 'done') throw new DriveError(400, 'badRequest', 'Malformed multipart body.');
  return parts;
}
