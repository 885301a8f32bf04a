import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

export default {
  entry: './src/index.js',
  plugins: [
    new HtmlWebpackPlugin({ template: './index.html' }),
    new ModuleFederationPlugin({
      name: 'partner_webpack',
      shared: { react: { singleton: true }, 'react-dom': { singleton: true } },
    }),
  ],
};
