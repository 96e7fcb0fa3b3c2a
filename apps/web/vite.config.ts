import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

export default defineConfig(({ command }) => {
  // Before the plugins are made: they read NODE_ENV too (the React plugin picks its JSX runtime by it).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config(command);
});

function config(command: 'build' | 'serve'): UserConfig {
  return {
    plugins: [react(), tailwindcss()],
    // A build is always the production bundle, whatever NODE_ENV the shell has (test, development):
    // React's development build is larger and slower, and a build is kept and served later.
    ...(command === 'build'
      ? { mode: 'production', define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
      : {}),
    server: {
      port: 5173,
      proxy: {
        '/api': 'http://localhost:5000',
        '/hubs': { target: 'http://localhost:5000', ws: true },
        '/health': 'http://localhost:5000',
      },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      // React, its DOM renderer and the router in one vendor chunk: left to automatic splitting they
      // end up in several small shared chunks (each compressing worse) that the home page loads anyway;
      // one chunk is also cached across releases that change only our code.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            ],
          },
        },
      },
    },
  };
}
