// One entry per island (frontend/src/islands/<name>/index.jsx), hashed bundles, one runtime and a
// shared vendor chunk so that every island on a page shares one React and one cart store.
const fs = require("fs");
const path = require("path");
const BundleTracker = require("webpack-bundle-tracker");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");
const { EsbuildPlugin } = require("esbuild-loader");

const islandsDir = path.resolve(__dirname, "frontend/src/islands");
const entry = Object.fromEntries(
  fs
    .readdirSync(islandsDir)
    .filter((name) => fs.existsSync(path.join(islandsDir, name, "index.jsx")))
    .map((name) => [name, path.join(islandsDir, name, "index.jsx")]),
);

module.exports = (env, argv) => {
  const production = argv.mode !== "development";
  const hashed = production ? "-[contenthash:8]" : "";
  return {
    entry,
    output: {
      path: path.resolve(__dirname, "frontend/build/bundles"),
      publicPath: "/static/bundles/",
      filename: `[name]${hashed}.js`,
      chunkFilename: `[name]${hashed}.js`,
      clean: true,
    },
    resolve: { extensions: [".js", ".jsx"] },
    module: {
      rules: [
        {
          test: /\.jsx?$/,
          exclude: /node_modules/,
          // package.json says "commonjs"; our sources are ES modules whatever their extension.
          type: "javascript/auto",
          loader: "esbuild-loader",
          options: { loader: "jsx", jsx: "automatic", target: "es2020" },
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
        },
      },
      minimizer: [new EsbuildPlugin({ target: "es2020", css: true })],
    },
    plugins: [
      new BundleTracker({ path: __dirname, filename: "webpack-stats.json", relativePath: true }),
      new MiniCssExtractPlugin({ filename: `[name]${hashed}.css`, chunkFilename: `[name]${hashed}.css` }),
    ],
    devtool: production ? false : "eval-cheap-module-source-map",
    performance: { hints: false },
    stats: "errors-warnings",
  };
};
