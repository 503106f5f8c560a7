// One entry per island (frontend/src/islands/<name>/index.jsx), hashed bundles, one runtime and a
// shared vendor chunk so that every island on a page shares one React and one cart store. Every
// page loads the chrome island and its own: each island depends on the chrome entry (dependOn),
// so what the chrome already brings (React, the cart, api, auth, i18n...) is not in the island's
// bundle again. bench/frontend_weight.py weighs what each page loads at start.
const fs = require("fs");
const path = require("path");
const BundleTracker = require("webpack-bundle-tracker");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");
const { EsbuildPlugin } = require("esbuild-loader");
const TerserPlugin = require("terser-webpack-plugin");
const webpack = require("webpack");

const islandsDir = path.resolve(__dirname, "frontend/src/islands");
const entry = Object.fromEntries(
  fs
    .readdirSync(islandsDir)
    .filter((name) => fs.existsSync(path.join(islandsDir, name, "index.jsx")))
    .map((name) => {
      const file = path.join(islandsDir, name, "index.jsx");
      return [name, name === "chrome" ? file : { import: file, dependOn: "chrome" }];
    }),
);

// The message catalogs' chunks of other languages (i18n-<language>-<area>, frontend/src/i18n) each
// entry asks for as it starts, written to language-chunks.json beside the bundles:
// {"home": {"te": ["i18n-te-shop-1a2b3c4d.js"]}, "chrome": {"te": [...]}}. A page in that language
// preloads its chrome's and its island's (shop/templatetags/language_catalog.py).
class LanguageChunksPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("LanguageChunksPlugin", (compilation) => {
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT;
      compilation.hooks.processAssets.tap({ name: "LanguageChunksPlugin", stage }, () => {
        const entries = {};
        for (const [name, entrypoint] of compilation.entrypoints) {
          const languages = {};
          for (const group of entrypoint.getChildren()) {
            for (const chunk of group.chunks) {
              const language = /^i18n-([a-z]+)-/.exec(chunk.name ?? "")?.[1];
              if (!language) continue;
              for (const file of chunk.files) if (file.endsWith(".js")) (languages[language] ??= []).push(file);
            }
          }
          entries[name] = languages;
        }
        compilation.emitAsset("language-chunks.json", new webpack.sources.RawSource(JSON.stringify(entries, null, 1)));
      });
    });
  }
}

// Lazy chunks are named by id in production (`1234-0123abcd.js`), so that the runtime every page
// loads carries no table of chunk names (about 0.3 kB gzipped with 45 lazy chunks). What each file
// holds is written to chunk-names.json beside the bundles, {"1234-0123abcd.js": "say-hi"}, for
// bench/frontend_weight.py.
class ChunkNamesPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("ChunkNamesPlugin", (compilation) => {
      const stage = webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT;
      compilation.hooks.processAssets.tap({ name: "ChunkNamesPlugin", stage }, () => {
        const names = {};
        for (const chunk of compilation.chunks) {
          if (chunk.name) for (const file of chunk.files) names[file] = chunk.name;
        }
        compilation.emitAsset("chunk-names.json", new webpack.sources.RawSource(JSON.stringify(names, null, 1)));
      });
    });
  }
}

// The same rules for the browser's bundles and the server renderer's (one reading of the sources).
const scripts = {
  test: /\.jsx?$/,
  exclude: /node_modules/,
  // package.json says "commonjs"; our sources are ES modules whatever their extension.
  type: "javascript/auto",
  loader: "esbuild-loader",
  options: { loader: "jsx", jsx: "automatic", target: "es2020" },
};
const PUBLIC_PATH = "/static/bundles/";
const VENDOR_FILE = /^vendor[-.]/;

// The server renderer's bundle (issue 34): the shopper islands' components for Node, one file
// (frontend/build/ssr/islands.js, React inside it) that frontend/ssr/server.mjs loads. Stylesheets
// are the browser's; pictures keep the browser bundle's URLs (same public path, same content
// hash) but are not written again.
function serverRenderer(production) {
  return {
    name: "ssr",
    target: "node20",
    entry: { islands: path.resolve(__dirname, "frontend/ssr/islands.jsx") },
    output: {
      path: path.resolve(__dirname, "frontend/build/ssr"),
      publicPath: PUBLIC_PATH,
      filename: "[name].js",
      library: { type: "commonjs2" },
      clean: true,
    },
    resolve: { extensions: [".js", ".jsx"] },
    module: {
      rules: [
        scripts,
        { test: /\.css$/, type: "asset/source" },
        { test: /\.(png|svg|jpe?g|webp|gif)$/, type: "asset/resource", generator: { emit: false } },
      ],
    },
    optimization: { minimize: false, splitChunks: false },
    plugins: [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    devtool: production ? false : "source-map",
    performance: { hints: false },
    stats: "errors-warnings",
  };
}

module.exports = (env, argv) => {
  const production = argv.mode !== "development";
  const hashed = production ? "-[contenthash:8]" : "";
  return [browserBundles(production, hashed), serverRenderer(production)];
};

function browserBundles(production, hashed) {
  return {
    name: "browser",
    entry,
    output: {
      path: path.resolve(__dirname, "frontend/build/bundles"),
      publicPath: PUBLIC_PATH,
      filename: `[name]${hashed}.js`,
      // Lazy chunks' hashes are 6 hex digits, not 8: the runtime on every page carries one per lazy
      // chunk (about 75), and 2 digits fewer each is about 0.07 kB gzipped; a chunk's next version
      // still gets another name (one chance in 16 million of the same 6 digits).
      chunkFilename: production ? "[id]-[contenthash:6].js" : "[name].js",
      // The global array the chunks register in, written twice at the top of each script a page
      // loads at start (webpack's default, "webpackChunkstorefront", is 22 letters).
      chunkLoadingGlobal: "wpShop",
      clean: true,
    },
    resolve: { extensions: [".js", ".jsx"] },
    module: {
      rules: [
        scripts,
        // The Telugu catalogs, imported on demand (frontend/src/i18n/<area>.js), as ES modules
        // whose default export is the catalog: a JSON module imported on demand needs webpack's
        // namespace helper in the runtime every page loads (0.17 kB gzipped), an ES module does not.
        {
          test: /[\\/]i18n[\\/]te[\\/][^\\/]+\.json$/,
          type: "javascript/auto",
          loader: "esbuild-loader",
          options: { loader: "json", format: "esm", target: "es2020" },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, "css-loader"] },
        { test: /\.(png|svg|jpe?g|webp|gif)$/, type: "asset/resource" },
      ],
    },
    optimization: {
      runtimeChunk: "single",
      splitChunks: {
        chunks: "all",
        cacheGroups: {
          vendor: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            name: "vendor",
            chunks: "all",
            priority: 20,
          },
          // No chunks shared between islands: each page is one island, and a chunk two islands
          // share also holds what only one of them uses (the login page got the profile form, the
          // profile page the login form). An island brings exactly what it uses beside the chrome.
          default: false,
          defaultVendors: false,
        },
      },
      // Terser for the scripts: about 2 kB less gzipped per page than esbuild's minifier (React's
      // chunk alone 0.9 kB); the licence comments go to a .LICENSE.txt file beside each bundle.
      // esbuild still minifies the stylesheets.
      // React's chunk, on every page, gzips 0.5 kB smaller with its function declarations hoisted
      // to the top of their scope and without inlining functions used once (issue 34); both keep
      // the code's meaning (no unsafe option). Our own chunks gzip 0.01-0.04 kB larger so: not them.
      minimizer: [
        new TerserPlugin({ exclude: VENDOR_FILE, terserOptions: { ecma: 2020, compress: { passes: 2 } } }),
        new TerserPlugin({
          include: VENDOR_FILE,
          terserOptions: { ecma: 2020, compress: { passes: 2, hoist_funs: true, reduce_funcs: false } },
        }),
        new EsbuildPlugin({ target: "es2020", css: true, include: /\.css$/ }),
      ],
    },
    plugins: [
      new BundleTracker({ path: __dirname, filename: "webpack-stats.json", relativePath: true }),
      new LanguageChunksPlugin(),
      new ChunkNamesPlugin(),
      new MiniCssExtractPlugin({
        filename: `[name]${hashed}.css`,
        chunkFilename: production ? "[id]-[contenthash:6].css" : "[name].css",
      }),
    ],
    devtool: production ? false : "eval-cheap-module-source-map",
    performance: { hints: false },
    stats: "errors-warnings",
  };
}
