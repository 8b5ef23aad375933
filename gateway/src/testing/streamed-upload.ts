// Test helper (integration tests only), run as its own process: uploads a generated text file of `UPLOAD_BYTES`
// bytes as multipart/form-data to `UPLOAD_URL` (POST, chunked, the bytes made as they are sent, never held) with the
// headers in `UPLOAD_HEADERS` (JSON), then prints one line of JSON: the answer's status and text, and the sha256 of
// the file's bytes. A process of its own, so that the sender's buffers are not counted in the memory of the
// process that measures the gateway.
import { createHash, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';

/** One 64 KiB block of printable ASCII lines, repeated: valid text whatever the media service checks. */
const BLOCK = Buffer.from(
  Array.from(
    { length: 1024 },
    (_, line) => `${String(line).padStart(6, '0')} venue book streamed upload line .................................`.slice(0, 63) + '\n',
  ).join(''),
);

export interface StreamedUploadResult {
  status: number;
  text: string;
  sha256: string;
}

/** The file's bytes, made as they are read (and hashed on the way). */
function generatedFile(total: number, hash: ReturnType<typeof createHash>): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) {
        this.push(null);
        return;
      }
      const chunk = BLOCK.subarray(0, Math.min(BLOCK.length, total - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
}

async function upload(url: string, total: number, headers: Record<string, string>): Promise<StreamedUploadResult> {
  const boundary = `----venuebook${randomUUID()}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('category', 'technical') +
    field('size', String(total)) +
    field('lastModified', '1700000000000') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.txt"\r\nContent-Type: text/plain\r\n\r\n`;
  const hash = createHash('sha256');
  async function* body() {
    yield Buffer.from(head);
    yield* generatedFile(total, hash);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const outgoing = request(url, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (chunk: Buffer) => parts.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString() }));
    });
    outgoing.on('error', reject);
    Readable.from(body()).pipe(outgoing);
  });
  return { ...answer, sha256: hash.digest('hex') };
}

if (import.meta.main) {
  const result = await upload(
    process.env.UPLOAD_URL!,
    Number(process.env.UPLOAD_BYTES),
    JSON.parse(process.env.UPLOAD_HEADERS ?? '{}') as Record<string, string>,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
