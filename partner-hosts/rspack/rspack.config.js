import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

export default {
  entry: './src/index.js',
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './index.html' }),
    new ModuleFederationPlugin({
      name: 'partner_rspack',
      shared: { react: { singleton: true }, 'react-dom': { singleton: true } },
    }),
  ],
};
