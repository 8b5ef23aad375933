// Webpack loader for Chakra UI's theme module (@chakra-ui/react/theme): marks its one top-level call, the
// `defaultThemeConfig = defineConfig({ … every recipe … })` that only Chakra's defaultSystem uses, as pure.
// Webpack then drops that unused declaration and with it the recipes no page needs, so the sdk's system
// (shell/sdk/src/theme/system.ts) can take Chakra's tokens and a few recipes from that module without
// shipping all of them. Fails the build when the module no longer looks as expected (a Chakra upgrade).
const CALL = 'const defaultThemeConfig = defineConfig(';

/** @this {import('webpack').LoaderContext<object>} @param {string} source */
export default function pureThemeLoader(source) {
  const count = source.split(CALL).length - 1;
  if (count !== 1) {
    throw new Error(`${this.resourcePath}: expected one '${CALL}…)' (found ${count}); update shell/sdk/build/pure-theme-loader.mjs for this Chakra UI version`);
  }
  return source.replace(CALL, 'const defaultThemeConfig = /*#__PURE__*/ defineConfig(');
}
