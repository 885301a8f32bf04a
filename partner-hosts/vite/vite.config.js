import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { federation } from '@module-federation/vite';

export default defineConfig({
  plugins: [
    react(),
    federation({
      name: 'partner_vite',
      dts: false,
      shared: { react: { singleton: true }, 'react-dom': { singleton: true } },
    }),
  ],
});
