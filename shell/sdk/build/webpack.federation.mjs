// Shared webpack + Module Federation configuration for the shell (host) and every remote.
// Each package's webpack.config.mjs calls `createShellConfig` or `createRemoteConfig` (mfe-media's also
// `createLibraryConfig`, for the embeddable media library), so that all containers agree on the shared singletons
// and on the loader/resolve setup.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import { bundleReportPlugins } from './bundle-report.mjs';
import { collectSubpathImports, unsharedRequest, writeNarrowedShares } from './shared-imports.mjs';
import { DATA_SUBPATHS } from './chakra-recipes.mjs';
import { REMOTE_NAMES, REMOTES, remotePackageDir, SHELL_CONTAINER, SHELL_DEV_PORT } from '@venuebook/domain/remotes';

const require = createRequire(import.meta.url);
const WEBPACK_VERSION = require('webpack/package.json').version;

// The remotes (container names, dev ports) come from the one registry, proto/domain/src/remotes.ts.
export const API_TARGET = process.env.VENUEBOOK_API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * Shared singletons of every container. Sub-path entries (`react/jsx-runtime`, `react-dom/client`)
 * are listed explicitly because a share key only matches its exact request.
 * [share key, package whose version range applies]
 */
const SINGLETONS = [
  ['react', 'react'],
  ['react/jsx-runtime', 'react'],
  ['react-dom', 'react-dom'],
  ['react-dom/client', 'react-dom'],
  ['react-router', 'react-router'],
  ['react-router-dom', 'react-router-dom'],
  ['@chakra-ui/react', '@chakra-ui/react'],
  ['@emotion/react', '@emotion/react'],
  // One QueryClient context and cache for the shell and every remote (the sdk's QueryProvider).
  ['@tanstack/react-query', '@tanstack/react-query'],
  ['@venuebook/sdk', '@venuebook/sdk'],
];

/**
 * @param {{ name: string, dependencies?: Record<string, string>, peerDependencies?: Record<string, string> }} pkg
 * @param {{ provide?: boolean, narrowed?: Record<string, { import: string, version: string }> }} [options]
 *   provide: false = consume only, emit no fallback copy (production remotes: the shell always provides
 *   these, so remotes stay small and build fast); narrowed: share keys the shell provides from a facade
 */
export function sharedSingletons(pkg, { provide = true, narrowed } = {}) {
  const deps = { ...pkg.dependencies, ...pkg.peerDependencies };
  const subpaths = subpathSingletons();
  // The providing shell (narrowed) provides every sub-path by its file: the federation plugin provides a package
  // request only when the container's own sources import it, a file always, so a sub-path only a remote imports
  // (`@chakra-ui/react/tabs`) loads too.
  const provided = narrowed && {
    ...Object.fromEntries(
      subpaths.map(([key, from]) => [key, { import: fileURLToPath(import.meta.resolve(key)), version: require(`${from}/package.json`).version }]),
    ),
    ...narrowed,
  };
  return Object.fromEntries(
    [...SINGLETONS, ...subpaths].map(([key, from]) => {
      const requiredVersion = deps[from];
      if (!requiredVersion) throw new Error(`${pkg.name}: "${from}" must be a dependency (shared singleton)`);
      return [key, { singleton: true, eager: false, requiredVersion, ...(provide ? provided?.[key] : { import: false }) }];
    }),
  );
}

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * Packages whose sub-path modules (`@chakra-ui/react/menu`) are singletons too: such a module runs
 * against the package's internals (Chakra's system context), so it must come from the container that
 * provides the package. They are how a page loads a heavy part of a shared package later than the rest:
 * the narrowed `@chakra-ui/react` holds what first pages render, and a component that only opens on
 * demand (menus, drawers, dialogs, toasts) imports its sub-path inside a React.lazy boundary.
 * `@chakra-ui/react/theme` is plain data (the sdk's system takes the recipes it needs from it), so it is an
 * ordinary, tree-shaken import of the shell, not a share (DATA_SUBPATHS).
 */
const SUBPATH_SINGLETONS = ['@chakra-ui/react'];

/** [share key, package] of every sub-path of SUBPATH_SINGLETONS that a container's sources import. */
function subpathSingletons() {
  const dirs = containerSourceDirs(path.join(REPO_ROOT, 'shell'));
  return SUBPATH_SINGLETONS.flatMap((name) =>
    collectSubpathImports(dirs, name)
      .filter((key) => !DATA_SUBPATHS.includes(key))
      .map((key) => [key, name]),
  );
}

/**
 * Shared packages the shell provides narrowed to the names the containers import, instead of whole:
 * a shared module cannot be tree-shaken (any remote may use any export), and a whole Chakra UI would weigh on
 * every first page (docs/decisions/0005-first-page-weight.md). [package, its share keys]. Only for packages
 * that no other installed package imports by a share key (Chakra imports @emotion/react, so that one stays
 * whole); the build checks it.
 */
const NARROWED = [
  ['@chakra-ui/react', ['@chakra-ui/react']],
  // react-router-dom is an alias of react-router (see resolve.alias).
  ['react-router', ['react-router', 'react-router-dom']],
  ['@tanstack/react-query', ['@tanstack/react-query']],
];

/** Every container's sources: the shell, the sdk (compiled into the shell) and each registered remote. */
function containerSourceDirs(shellDir) {
  return [
    path.join(shellDir, 'src'),
    path.join(import.meta.dirname, '..', 'src'),
    ...REMOTE_NAMES.map((name) => path.join(REPO_ROOT, remotePackageDir(name), 'src')),
  ];
}

/**
 * Fails the build when an installed package imports a narrowed share key: its imports are not in the
 * sources the facade is made from, so it could get a name the shell does not provide.
 */
class NarrowedSharesGuardPlugin {
  constructor(keys) {
    this.keys = new Set(keys);
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap('NarrowedSharesGuardPlugin', (compilation) => {
      compilation.hooks.finishModules.tap('NarrowedSharesGuardPlugin', (modules) => {
        for (const module of modules) {
          if (!module.resource?.includes(`${path.sep}node_modules${path.sep}`)) continue;
          for (const dependency of module.dependencies) {
            if (!this.keys.has(dependency.request)) continue;
            const error = new compiler.webpack.WebpackError(
              `${module.resource} imports '${dependency.request}', which the shell shares narrowed to what our sources import; take it out of NARROWED (shell/sdk/build/webpack.federation.mjs)`,
            );
            error.module = module;
            compilation.errors.push(error);
          }
        }
      });
    });
  }
}

/**
 * The federation runtime that remotes built with `externalRuntime` use: the shell puts its own runtime
 * core on the global (ESM build, so it is the same copy the shell's runtime uses, not a second one).
 */
const INJECT_RUNTIME_CORE = fileURLToPath(import.meta.resolve('@module-federation/inject-external-runtime-core-plugin'));

/** Chakra UI's theme module (tokens, recipes), the target of pure-theme-loader.mjs. */
const CHAKRA_THEME_MODULE = fileURLToPath(import.meta.resolve('@chakra-ui/react/theme'));

/** Text assets worth compressing (the gateway serves the .br / .gz copies). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

/** The shell's webpack config (`shell/webpack.config.mjs`). */
export function createShellConfig(packageDir) {
  return createFederatedConfig({ packageDir, kind: 'host', name: SHELL_CONTAINER, port: SHELL_DEV_PORT });
}

/**
 * A remote's webpack config (`mfe-<name>/webpack.config.mjs`): container name and dev port from the
 * registry, by the package's folder name; every remote exposes `./routes` (its page map).
 */
export function createRemoteConfig(packageDir) {
  const name = REMOTE_NAMES.find((candidate) => path.basename(packageDir) === remotePackageDir(candidate));
  if (!name) throw new Error(`${packageDir} is not a registered remote (proto/domain/src/remotes.ts)`);
  const { container, devPort } = REMOTES[name];
  return createFederatedConfig({ packageDir, kind: 'remote', name: container, port: devPort, exposes: { './routes': './src/routes.ts' } });
}

/**
 * A self-contained container for pages that are not the shell (mfe-media's embeddable media library):
 * its own federation runtime and its own copies of React, Chakra and the sdk, sharing nothing, so a host page of any
 * framework loads `<outDir>/remoteEntry.js` with a script tag and mounts what it exposes. Built beside the package's
 * remote, into `dist/<outDir>/` (the remote's clean keeps it). No page and no dev server in either mode; mfe-media's
 * webpack.config.mjs builds its library in production builds only.
 * @param {string} packageDir
 * @param {{ name: string, exposes: Record<string, string>, outDir: string }} options
 */
export function createLibraryConfig(packageDir, { name, exposes, outDir }) {
  return createFederatedConfig({ packageDir, kind: 'library', name, port: 0, exposes, outDir });
}

/**
 * @param {object} options
 * @param {string} options.packageDir absolute path of the package (import.meta.dirname)
 * @param {'host' | 'remote' | 'library'} options.kind
 * @param {string} options.name federation container name (shell, mfe_venues, ...)
 * @param {number} options.port dev-server port
 * @param {Record<string, string>} [options.exposes] remote only
 * @param {string} [options.favicon] path of the page's favicon (default: the Venue Book mark)
 * @param {string} [options.outDir] library only: its folder under dist/
 * @returns {(env: unknown, argv: { mode?: string }) => import('webpack').Configuration}
 */
function createFederatedConfig({ packageDir, kind, name, port, exposes = {}, favicon, outDir }) {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  const isHost = kind === 'host';
  const isLibrary = kind === 'library';

  return (_env, argv) => {
    const mode = argv.mode === 'development' ? 'development' : 'production';
    const dev = mode === 'development';
    // Remotes only build their standalone page (src/index.ts -> standalone.tsx) for `npm run dev`.
    const withPage = !isLibrary && (isHost || dev);
    // Production only: the shell provides narrowed shares and the federation runtime; remotes stay tiny.
    // In dev every container carries everything whole, so remotes also run standalone.
    const narrowed = isHost && !dev ? writeNarrowedShares({ packageDir, sourceDirs: containerSourceDirs(packageDir), packages: NARROWED }) : undefined;
    for (const name of narrowed?.whole ?? [])
      console.warn(`[federation] ${name} is shared whole: a source imports it as a namespace, by default or with import()`);

    /** Dev only: the shell loads remotes from their standalone dev servers. */
    const devRemotes = Object.fromEntries(Object.values(REMOTES).map(({ container, devPort }) => [container, `http://localhost:${devPort}/remoteEntry.js`]));

    return {
      mode,
      context: packageDir,
      target: 'web',
      entry: withPage ? { main: './src/index.ts' } : {},
      devtool: dev ? 'eval-cheap-module-source-map' : false,
      output: {
        path: isLibrary ? path.join(packageDir, 'dist', outDir) : path.join(packageDir, 'dist'),
        // A library's chunks load on foreign pages: its own chunk-loading global, apart from the package's remote.
        ...(isLibrary ? { uniqueName: name } : {}),
        // The shell serves deep links (SPA fallback), so its assets are root-absolute.
        // Remotes resolve their chunks relative to wherever remoteEntry.js was loaded from.
        publicPath: isHost ? '/' : 'auto',
        filename: dev ? '[name].js' : '[name].[contenthash:8].js',
        chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        // A remote keeps the library folders built beside it (createLibraryConfig).
        clean: kind === 'remote' ? { keep: /^library[\\/]/ } : true,
      },
      resolve: {
        // react-router-dom 7 is `export * from 'react-router'` plus the DOM RouterProvider. Across a
        // federation share boundary that star re-export comes out empty (its .mjs is strict ESM and
        // a consumed shared module has no static exports), so `import { Link } from 'react-router-dom'`
        // would be undefined. v7's 'react-router' exports the same API, so both share keys point at it.
        // A narrowed share's facade imports the package itself through `@venuebook/unshared/<package>`,
        // a request no share key matches.
        alias: { 'react-router-dom$': 'react-router', ...Object.fromEntries(NARROWED.map(([name]) => [`${unsharedRequest(name)}$`, name])) },
        extensions: ['.ts', '.tsx', '.js'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
      },
      module: {
        rules: [
          {
            // Workspace sources (this package, shell/sdk/src, proto/domain/src) resolve to real paths
            // outside node_modules, so one rule covers all of them.
            test: /\.tsx?$/,
            exclude: /node_modules/,
            loader: 'esbuild-loader',
            options: { target: 'es2022', jsx: 'automatic' },
            resolve: { fullySpecified: false },
          },
          {
            // Chakra's theme module without its unused all-recipes config (see the loader).
            test: CHAKRA_THEME_MODULE,
            loader: path.join(import.meta.dirname, 'pure-theme-loader.mjs'),
          },
        ],
      },
      performance: { hints: false },
      cache: {
        type: 'filesystem',
        name: `${name}-${mode}`,
        version: WEBPACK_VERSION,
        buildDependencies: {
          config: [
            path.join(packageDir, 'webpack.config.mjs'),
            import.meta.filename,
            path.join(import.meta.dirname, 'shared-imports.mjs'),
            path.join(import.meta.dirname, 'chakra-recipes.mjs'),
            path.join(import.meta.dirname, 'pure-theme-loader.mjs'),
            path.join(import.meta.dirname, 'bundle-report.mjs'),
          ],
        },
      },
      infrastructureLogging: { level: 'warn' },
      stats: dev ? 'minimal' : { preset: 'summary', assets: true, assetsSort: '!size', excludeAssets: /\.html$/ },
      plugins: [
        new ModuleFederationPlugin({
          name,
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
          // The shell registers remotes at run time (registerRemotes / loadRemote).
          remotes: {},
          // Production remotes consume the shell's singletons without bundling fallbacks;
          // in dev they carry their own copies so they also run standalone. A library shares nothing.
          shared: isLibrary ? {} : sharedSingletons(pkg, { provide: isHost || dev, narrowed: narrowed?.shared }),
          dts: false,
          manifest: false,
          // Production: the federation runtime core ships once, in the shell, which puts it on the global;
          // remotes use that one (externalRuntime), so a remoteEntry.js is only its container
          // (docs/decisions/0005-first-page-weight.md, 'One federation runtime').
          ...(isHost && !dev ? { runtimePlugins: [INJECT_RUNTIME_CORE] } : {}),
          experiments: {
            ...(isHost || isLibrary || dev ? {} : { externalRuntime: true }),
            // Remotes are found by their remoteEntry.js (no manifests, no snapshots); browser only;
            // a remote loads no other remote.
            optimization: { disableSnapshot: true, target: 'web', ...(isHost ? {} : { disableRemote: true }) },
          },
        }),
        ...(narrowed ? [new NarrowedSharesGuardPlugin(NARROWED.flatMap(([, keys]) => keys))] : []),
        ...(withPage
          ? [
              new HtmlWebpackPlugin({
                // Remotes share one standalone page template (dev only).
                template: isHost ? './src/index.html' : path.join(import.meta.dirname, 'standalone.html'),
                title: isHost ? 'Venue Book' : `Venue Book · ${pkg.name.replace('@venuebook/', '')} (standalone)`,
                // Only the app entry: a remote's own remoteEntry.js is for hosts, not for its page.
                chunks: ['main'],
                publicPath: '/',
                favicon: favicon ?? path.join(import.meta.dirname, 'favicon.svg'),
                scriptLoading: 'defer',
                templateParameters: {
                  // Dev only: where the shell finds remotes (window.__VENUEBOOK_REMOTES__).
                  remotesOverride: isHost && dev ? JSON.stringify(devRemotes) : '',
                },
              }),
            ]
          : []),
        // Precompressed copies beside every text asset; the gateway serves them by Accept-Encoding.
        ...(dev
          ? []
          : [
              new CompressionPlugin({
                algorithm: 'brotliCompress',
                filename: '[path][base].br',
                test: COMPRESSIBLE,
                threshold: 1024,
                minRatio: 0.9,
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
              }),
              new CompressionPlugin({
                algorithm: 'gzip',
                filename: '[path][base].gz',
                test: COMPRESSIBLE,
                threshold: 1024,
                minRatio: 0.9,
                compressionOptions: { level: zlib.constants.Z_BEST_COMPRESSION },
              }),
            ]),
        // `ANALYZE=1 npm run build`: treemap and summary under artifacts/bundle/.
        ...(process.env.ANALYZE ? bundleReportPlugins(packageDir) : []),
      ],
      // A library has no dev server: it is built by production builds only, and `npm run dev` serves the remote alone.
      devServer: isLibrary
        ? false
        : {
            port,
            host: 'localhost',
            hot: false,
            liveReload: true,
            historyApiFallback: true,
            headers: { 'Access-Control-Allow-Origin': '*' },
            client: { overlay: { warnings: false, errors: true } },
            proxy: [{ context: ['/api'], target: API_TARGET, changeOrigin: false }],
          },
    };
  };
}
