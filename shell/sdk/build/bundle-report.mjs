// `ANALYZE=1 npm run build`: what each container's bundle is made of, under artifacts/bundle/:
//   <package>.html         webpack-bundle-analyzer's treemap (parsed, gzip and brotli sizes per module)
//   <package>.summary.md   every emitted script: raw / gzip / brotli bytes, what loads it, its largest packages
//   <package>.summary.json the same as data
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { BundleAnalyzerPlugin } from 'webpack-bundle-analyzer';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
export const BUNDLE_REPORT_DIR = path.join(REPO_ROOT, 'artifacts', 'bundle');

/** `node_modules/@scope/name/…` → `@scope/name`; workspace files → their repository folder (`shell/src`). */
export function packageOf(resource) {
  const parts = resource.split(/[\\/]node_modules[\\/]/);
  if (parts.length > 1) {
    const [first, second] = parts.at(-1).split(/[\\/]/);
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const relative = path.relative(REPO_ROOT, resource).split(path.sep);
  return relative.slice(0, relative[1] === 'sdk' ? 3 : 2).join('/');
}

const brotli = (buffer) => zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const gzip = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** Writes <package>.summary.md/.json after each build (see the header of this file). */
class BundleSummaryPlugin {
  /** @param {string} label the package folder (shell, mfe-venues, …) */
  constructor(label) {
    this.label = label;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tap('BundleSummaryPlugin', (compilation) => {
      const { chunkGraph } = compilation;
      const scripts = [];
      for (const chunk of compilation.chunks) {
        const bySource = new Map();
        for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
          for (const inner of module.modules ?? [module]) {
            const resource = inner.resource ?? inner.rootModule?.resource;
            const key = resource ? packageOf(resource) : inner.type;
            bySource.set(key, (bySource.get(key) ?? 0) + inner.size());
          }
        }
        const loadedBy = [...chunk.groupsIterable].flatMap((group) =>
          group.origins.map((origin) => origin.request ?? origin.module?.readableIdentifier(compilation.requestShortener) ?? 'entry'),
        );
        for (const file of chunk.files) {
          if (!file.endsWith('.js')) continue;
          // Emitted sources are released after emit: read the file.
          const buffer = fs.readFileSync(path.join(compilation.outputOptions.path, file));
          scripts.push({
            file,
            chunk: chunk.name ?? String(chunk.id),
            initial: chunk.canBeInitial(),
            loadedBy: [...new Set(loadedBy)].slice(0, 3),
            rawBytes: buffer.length,
            gzipBytes: gzip(buffer),
            brotliBytes: brotli(buffer),
            // Source bytes (before minification) per package: what the script is made of.
            packages: Object.fromEntries([...bySource].sort((a, b) => b[1] - a[1]).slice(0, 12)),
          });
        }
      }
      scripts.sort((a, b) => b.rawBytes - a.rawBytes);
      const total = (key) => scripts.reduce((sum, script) => sum + script[key], 0);
      fs.mkdirSync(BUNDLE_REPORT_DIR, { recursive: true });
      fs.writeFileSync(path.join(BUNDLE_REPORT_DIR, `${this.label}.summary.json`), `${JSON.stringify({ package: this.label, scripts }, null, 2)}\n`);
      const lines = [
        `# ${this.label}: ${scripts.length} scripts, ${kb(total('rawBytes'))} KB raw, ${kb(total('gzipBytes'))} KB gzip, ${kb(total('brotliBytes'))} KB brotli`,
        '',
        'Sizes of the emitted files; "made of" lists source bytes (before minification) per package.',
        '',
        '| script | raw KB | gzip KB | brotli KB | loaded by | made of (source KB) |',
        '| --- | ---: | ---: | ---: | --- | --- |',
        ...scripts.map(
          (script) =>
            `| ${script.file}${script.initial ? ' (initial)' : ''} | ${kb(script.rawBytes)} | ${kb(script.gzipBytes)} | ${kb(script.brotliBytes)} | ${script.loadedBy.join('; ').replaceAll('|', '\\|')} | ${Object.entries(
              script.packages,
            )
              .map(([name, bytes]) => `${name} ${kb(bytes)}`)
              .join(', ')} |`,
        ),
        '',
      ];
      fs.writeFileSync(path.join(BUNDLE_REPORT_DIR, `${this.label}.summary.md`), lines.join('\n'));
    });
  }
}

/** The analyzer's treemap and the summary of package `packageDir`. */
export function bundleReportPlugins(packageDir) {
  const label = path.basename(packageDir);
  return [
    new BundleAnalyzerPlugin({
      analyzerMode: 'static',
      openAnalyzer: false,
      compressionAlgorithm: 'brotli',
      reportFilename: path.join(BUNDLE_REPORT_DIR, `${label}.html`),
      reportTitle: `Venue Book · ${label} bundle`,
      logLevel: 'warn',
    }),
    new BundleSummaryPlugin(label),
  ];
}
