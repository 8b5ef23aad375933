// Uploads through the gateway against a direct S3 put in the same run: files of BENCH_UPLOAD_SIZES_MB
// (default 5, 10 and 20 MB; smoke 1) are uploaded BENCH_UPLOADS times each (default 5; smoke 1) as an editor with
// `POST /api/v1/venues/{id}/documents` (multipart, streamed by the gateway into the media service's gRPC client
// stream and on into MinIO), and the same bytes are put straight into the same MinIO with the minio client (one
// PUT, the size known). Figures: MB/s of each and their ratio (goal: the gateway path ≥ 0.8 of the direct put).
// Then thumbnail generation: BENCH_IMAGES photos (default 10; smoke 2) of 12 megapixels (4000×3000 JPEG of noise, so
// the encoder cannot shortcut) are uploaded, and the time per image beyond a file upload of the same size is the
// cost of reading it back, decoding it and writing thumb.webp (250 px) and preview.webp (1440 px). Every answer is
// checked (size, type, previews), and the stored objects are read back once per size.
//
// Where the gateway path's time goes: the gateway answers an upload with Server-Timing (auth, fields, stream,
// finish: gateway/src/routes/api/v1/(media)/venues/documents.ts); with the client's own time the benchmark prints each
// phase's median and share per size, beside the direct put. `stream` is the pipeline client → gateway → media
// service → MinIO while the file flows (the slowest hop sets its pace); `finish` is the media service's work after
// the last byte (the tail of the put, the document's insert, event and audit); `outside` is what the client waits
// beyond the gateway's handler (sending the request's head, the answer's way back). And the CPU each process spends
// per upload on either path (this process as the client, the gateway, the media service, MinIO; from /proc): on two
// cores shared by every hop, the gateway path cannot take less wall time than its CPU over two.
import { randomBytes, randomUUID } from 'node:crypto';
import { Client as MinioClient } from 'minio';
import sharp from 'sharp';
import { request as undiciRequest } from 'undici';
import type { VenueDocumentDto } from '@venuebook/domain';
import { BenchError, expectEqual, expectTrue, childProcessPid, processCpuMs, runBench, SMOKE, sized, summarize, uploadDocument } from './support.ts';
import type { ApiClient, Bench } from './support.ts';

const SIZES_MB = (process.env.BENCH_UPLOAD_SIZES_MB ?? (SMOKE ? '1' : '5,10,20')).split(',').map((size) => {
  const value = Number(size);
  if (!Number.isFinite(value) || value <= 0) throw new BenchError(`BENCH_UPLOAD_SIZES_MB: '${size}' is not a size in MB`);
  return value;
});
const UPLOADS = sized({ full: 5, smoke: 1 }, process.env.BENCH_UPLOADS);
const IMAGES = sized({ full: 10, smoke: 2 }, process.env.BENCH_IMAGES);
const MB = 1024 * 1024;

const PHASES = ['auth', 'fields', 'stream', 'finish'] as const;
type Phase = (typeof PHASES)[number];

/** The gateway's Server-Timing phases (ms); fails the benchmark when one is missing. */
function serverTiming(header: string | null, what: string): Record<Phase, number> {
  const durations = new Map(
    (header ?? '').split(',').map((entry) => {
      const [name, ...params] = entry.trim().split(';');
      const dur = params.map((param) => /^dur=([\d.]+)$/.exec(param.trim())?.[1]).find((value) => value !== undefined);
      return [name ?? '', Number(dur)] as const;
    }),
  );
  const phases = {} as Record<Phase, number>;
  for (const phase of PHASES) {
    const value = durations.get(phase);
    if (value === undefined || !Number.isFinite(value))
      throw new BenchError(`${what}: no '${phase}' in the answer's Server-Timing (${JSON.stringify(header)})`);
    phases[phase] = value;
  }
  return phases;
}

type CpuProcess = 'client' | 'gateway' | 'media' | 'minio';

/** Adds each process's CPU during `work` to `into`. */
async function withCpu<T>(pids: Record<Exclude<CpuProcess, 'client'>, number[]>, into: Record<CpuProcess, number>, work: () => Promise<T>): Promise<T> {
  const read = (): Record<CpuProcess, number> => {
    const usage = process.cpuUsage();
    return {
      client: (usage.user + usage.system) / 1000,
      gateway: pids.gateway.reduce((sum, pid) => sum + processCpuMs(pid), 0),
      media: pids.media.reduce((sum, pid) => sum + processCpuMs(pid), 0),
      minio: pids.minio.reduce((sum, pid) => sum + processCpuMs(pid), 0),
    };
  };
  const before = read();
  const result = await work();
  const after = read();
  for (const key of Object.keys(into) as CpuProcess[]) into[key] += after[key] - before[key];
  return result;
}

/** One multipart upload through the gateway; answers the document, the time from the first byte sent to the answer read, and the gateway's phases. */
async function uploadThroughGateway(
  api: ApiClient,
  venueId: string,
  file: { name: string; type: string; bytes: Uint8Array },
): Promise<{ document: VenueDocumentDto; ms: number; phases: Record<Phase, number> }> {
  const { document, ms, headers } = await uploadDocument(api, venueId, file);
  return { document, ms, phases: serverTiming(headers.get('server-timing'), `upload of ${file.name}`) };
}

function megabytesPerSecond(bytes: number, ms: number): number {
  return bytes / MB / (ms / 1000);
}

async function readBack(api: ApiClient, path: string): Promise<Buffer> {
  const response = await undiciRequest(`${api.baseUrl}${path}`, { method: 'GET' });
  const body = Buffer.from(await response.body.arrayBuffer());
  if (response.statusCode !== 200) throw new BenchError(`GET ${path}: expected 200, got ${response.statusCode}`);
  return body;
}

async function throughput(bench: Bench, api: ApiClient, venueId: string, s3: MinioClient, bucket: string): Promise<void> {
  const rows: Record<string, number>[] = [];
  const minio = childProcessPid(/\/minio$/);
  if (minio === undefined) bench.log("MinIO's process not found: its CPU is left out");
  const pids = {
    gateway: [bench.stack.services.gateway.process.child.pid].filter((pid): pid is number => pid !== undefined),
    media: bench.stack.services.media.replicas.map((replica) => replica.process.child.pid).filter((pid): pid is number => pid !== undefined),
    minio: minio === undefined ? [] : [minio],
  };
  for (const sizeMB of SIZES_MB) {
    const bytes = randomBytes(Math.round(sizeMB * MB));
    // A PDF by its magic bytes (the media service checks them); the rest is noise.
    bytes.write('%PDF-1.7\n', 0, 'latin1');
    const gatewayMs: number[] = [];
    const directMs: number[] = [];
    const gatewayCpu: Record<CpuProcess, number> = { client: 0, gateway: 0, media: 0, minio: 0 };
    const directCpu: Record<CpuProcess, number> = { client: 0, gateway: 0, media: 0, minio: 0 };
    const phaseMs = { auth: [] as number[], fields: [] as number[], stream: [] as number[], finish: [] as number[], outside: [] as number[] };
    for (let round = 0; round < UPLOADS; round++) {
      // Alternated, so that a slower moment of the machine falls on both paths alike.
      const started = performance.now();
      await withCpu(pids, directCpu, () => s3.putObject(bucket, `direct/${randomUUID()}`, bytes, bytes.byteLength, { 'Content-Type': 'application/pdf' }));
      directMs.push(performance.now() - started);
      const { document, ms, phases } = await withCpu(pids, gatewayCpu, () =>
        uploadThroughGateway(api, venueId, { name: `bench-${sizeMB}mb-${round}.pdf`, type: 'application/pdf', bytes }),
      );
      for (const phase of PHASES) phaseMs[phase].push(phases[phase]);
      phaseMs.outside.push(Math.max(0, ms - PHASES.reduce((sum, phase) => sum + phases[phase], 0)));
      expectEqual(document.fileSize, bytes.byteLength, 'stored size');
      expectEqual(document.fileType, 'application/pdf', 'detected type');
      gatewayMs.push(ms);
      if (round === 0) expectTrue((await readBack(api, document.urls.original)).equals(bytes), `the ${sizeMB} MB file read back differs`);
    }
    const gateway = summarize(gatewayMs);
    const direct = summarize(directMs);
    const gatewayRate = megabytesPerSecond(bytes.byteLength, gateway.p50Ms);
    const directRate = megabytesPerSecond(bytes.byteLength, direct.p50Ms);
    bench.shape(`upload ${sizeMB} MB through the gateway`, gatewayMs, { mbPerSecond: Math.round(gatewayRate * 10) / 10 });
    bench.shape(`put ${sizeMB} MB straight into S3`, directMs, { mbPerSecond: Math.round(directRate * 10) / 10 });
    const ratio = gatewayRate / directRate;
    bench.figure(
      `ratio${sizeMB}MB`,
      Math.round(ratio * 100) / 100,
      `${sizeMB} MB: gateway ${gatewayRate.toFixed(1)} MB/s, direct S3 ${directRate.toFixed(1)} MB/s, ratio ${ratio.toFixed(2)} (goal ≥ 0.8)`,
    );
    // Each phase's median and its share of the sum of the medians (the medians of the parts need not add up to the total's).
    const medians = Object.fromEntries(Object.entries(phaseMs).map(([phase, times]) => [phase, summarize(times).p50Ms])) as Record<
      keyof typeof phaseMs,
      number
    >;
    const sum = Object.values(medians).reduce((total, ms) => total + ms, 0) || 1;
    const share = (phase: keyof typeof phaseMs): string => `${medians[phase].toFixed(1)} ms (${Math.round((medians[phase] / sum) * 100)} %)`;
    bench.log(
      `${sizeMB} MB through the gateway, p50 per phase: stream (client → gateway → media → MinIO) ${share('stream')}, finish (media after the last byte: put's tail, document, event, audit) ${share('finish')}, ` +
        `outside the handler (request head, answer) ${share('outside')}, auth ${share('auth')}, fields ${share('fields')}; direct put ${direct.p50Ms.toFixed(1)} ms; stream alone ${megabytesPerSecond(bytes.byteLength, medians.stream).toFixed(1)} MB/s`,
    );
    const perUpload = (cpu: Record<CpuProcess, number>): Record<CpuProcess | 'total', number> => {
      const each = Object.fromEntries(Object.entries(cpu).map(([key, ms]) => [key, ms / UPLOADS])) as Record<CpuProcess, number>;
      return { ...each, total: Object.values(each).reduce((sum, ms) => sum + ms, 0) };
    };
    const viaGateway = perUpload(gatewayCpu);
    const straight = perUpload(directCpu);
    const cpuLine = (cpu: Record<CpuProcess | 'total', number>, keys: CpuProcess[]): string =>
      `${keys.map((key) => `${key} ${cpu[key].toFixed(0)}`).join(' + ')} = ${cpu.total.toFixed(0)} ms`;
    bench.log(
      `${sizeMB} MB CPU per upload: through the gateway ${cpuLine(viaGateway, ['client', 'gateway', 'media', 'minio'])} (on 2 cores ≥ ${(viaGateway.total / 2).toFixed(0)} ms); ` +
        `direct put ${cpuLine(straight, ['client', 'minio'])} (the gateway path's CPU is ${(viaGateway.total / Math.max(1, straight.total)).toFixed(1)}× the direct put's)`,
    );
    const cpuRow = {
      ...Object.fromEntries(Object.entries(viaGateway).map(([key, ms]) => [`gatewayCpu_${key}Ms`, Math.round(ms)])),
      ...Object.fromEntries(Object.entries(straight).map(([key, ms]) => [`directCpu_${key}Ms`, Math.round(ms)])),
    };
    rows.push({
      sizeMB,
      gatewayMBps: gatewayRate,
      directMBps: directRate,
      ratio,
      ...Object.fromEntries(Object.entries(medians).map(([phase, ms]) => [`${phase}Ms`, ms])),
      ...cpuRow,
    });
  }
  bench.detail('throughput', rows);
}

async function thumbnails(bench: Bench, api: ApiClient, venueId: string): Promise<void> {
  const width = 4000;
  const height = 3000;
  const noise = randomBytes(width * height * 3);
  const imageMs: number[] = [];
  const fileMs: number[] = [];
  for (let index = 0; index < IMAGES; index++) {
    // A different image each time (a new noise offset), so nothing can be cached.
    noise.writeUInt32LE(index, 0);
    const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const image = await uploadThroughGateway(api, venueId, { name: `bench-photo-${index}.jpg`, type: 'image/jpeg', bytes: jpeg });
    expectTrue(image.document.isPhoto && image.document.urls.thumb !== null && image.document.urls.preview !== null, `photo ${index}: no previews`);
    expectEqual(image.document.width, width, 'photo width');
    imageMs.push(image.ms);
    // The same size as a file that gets no previews: what the upload alone costs.
    const same = Buffer.alloc(jpeg.byteLength, 0x20);
    same.write('%PDF-1.7\n', 0, 'latin1');
    fileMs.push((await uploadThroughGateway(api, venueId, { name: `bench-same-size-${index}.pdf`, type: 'application/pdf', bytes: same })).ms);
    if (index === 0) {
      const thumb = await sharp(await readBack(api, image.document.urls.thumb!)).metadata();
      expectEqual(Math.max(thumb.width ?? 0, thumb.height ?? 0), 250, 'thumbnail size');
      const preview = await sharp(await readBack(api, image.document.urls.preview!)).metadata();
      expectEqual(Math.max(preview.width ?? 0, preview.height ?? 0), 1440, 'preview size');
    }
  }
  const images = bench.shape('upload a 12-megapixel JPEG (thumbnail and preview made)', imageMs);
  const files = bench.shape('upload a file of the same size (no previews)', fileMs);
  bench.figure(
    'thumbnailMsPerImage',
    Math.round(images.p50Ms - files.p50Ms),
    `thumbnail + preview per 12 MP image: ${(images.p50Ms - files.p50Ms).toFixed(0)} ms (p50 difference)`,
  );
}

await runBench({ name: 'media-upload', title: 'Uploads through the gateway against a direct S3 put; thumbnails per image' }, async (bench) => {
  for (const [key, value] of Object.entries({ sizesMB: SIZES_MB.join(','), uploads: UPLOADS, images: IMAGES })) bench.parameter(key, value);
  const api = await bench.signIn('editor');
  const venue = await api.post<{ id: string }>('/api/v1/venues', { name: `Bench Media ${randomUUID().slice(0, 8)}`, leagues: ['OTE'] });
  const venueId = venue.body.id;
  const { s3: settings } = bench.stack.infra;
  const s3 = new MinioClient({
    endPoint: settings.endPoint,
    port: settings.port,
    useSSL: settings.useSSL,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
  });
  const bucket = `bench-direct-${randomUUID().slice(0, 8)}`;
  await s3.makeBucket(bucket);
  try {
    await throughput(bench, api, venueId, s3, bucket);
    await thumbnails(bench, api, venueId);
  } finally {
    const keys: string[] = [];
    for await (const item of s3.listObjectsV2(bucket, '', true)) if (item.name) keys.push(item.name);
    if (keys.length > 0) await s3.removeObjects(bucket, keys);
    await s3.removeBucket(bucket);
  }
});
