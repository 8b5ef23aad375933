// Home-list latency through the gateway (HTTP → gRPC → venues service → FerretDB/MongoDB) with
// BENCH_VENUES venues (default 10,000): first and a deep page for each sort, a search and a league filter.
// Prints p50 / p95 / max per request shape.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_VENUES, startStack } from '@venuebook/local';

const COUNT = Number(process.env.BENCH_VENUES ?? 10_000);
const REPETITIONS = Number(process.env.BENCH_REPETITIONS ?? 15);
const CONCURRENCY = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const dataDir = mkdtempSync(join(tmpdir(), 'venuebook-bench-'));
const stack = await startStack({ dataDir, port: 0, seed: false, logLevel: 'warn' });
try {
  // Created through the public API, as users do.
  const started = Date.now();
  let next = 0;
  async function worker(): Promise<void> {
    while (next < COUNT) {
      const index = next++;
      const template = DEMO_VENUES[index % DEMO_VENUES.length]!;
      const response = await fetch(`${stack.url}/api/v1/venues`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...template, name: `${template.name} ${index}` }),
      });
      if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (Date.now() - started) / 1000;
  console.log(`created ${COUNT} venues in ${seconds.toFixed(1)} s (${Math.round(COUNT / seconds)}/s, ${CONCURRENCY} in parallel)`);

  const shapes: Record<string, string> = {
    'newest, page 1': 'sort=newest&page=1&pageSize=50',
    'updated, page 1': 'sort=updated&page=1&pageSize=50',
    'A→Z, page 1': 'sort=name&page=1&pageSize=50',
    'A→Z, page 100': 'sort=name&page=100&pageSize=50',
    "search 'arena'": 'q=arena&pageSize=50',
    'league OTX + Studio': 'leagues=OTX,Studio&pageSize=50',
  };
  console.log(`\n${'request'.padEnd(22)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}   total`);
  for (const [label, query] of Object.entries(shapes)) {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < REPETITIONS; i++) {
      const t0 = performance.now();
      const response = await fetch(`${stack.url}/api/v1/venues?${query}`);
      const body = (await response.json()) as { total: number };
      times.push(performance.now() - t0);
      total = body.total;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(22)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)}   ${total}`,
    );
  }
  console.log(`\nstorage: ${stack.infra.sources.mongo}`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
