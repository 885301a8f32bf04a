import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

// The Token Portfolio server whose remotes this host uses (their manifests and type hints).
const server = process.env.TOKEN_PORTFOLIO_SERVER ?? 'http://127.0.0.1:3000/';
const remote = (name) => `${name}@${new URL(`remotes/${name}/mf-manifest.json`, server)}`;

export default {
  entry: './src/index.ts',
  resolve: { extensions: ['.ts', '.tsx', '.js'] },
  module: {
    rules: [
      {
        test: /\.tsx?$/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
          },
        },
      },
    ],
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './index.html' }),
    new rspack.DefinePlugin({ TOKEN_PORTFOLIO_SERVER: JSON.stringify(server) }),
    new ModuleFederationPlugin({
      name: 'partner_typescript',
      remotes: {
        header: remote('header'),
        summary: remote('summary'),
        watchlist: remote('watchlist'),
        addToken: remote('addToken'),
      },
      shared: { react: { singleton: true }, 'react-dom': { singleton: true } },
      // Downloads each remote's type hints into @mf-types/ on every build.
      dts: { consumeTypes: { typesOnBuild: true, abortOnError: true } },
    }),
  ],
};
