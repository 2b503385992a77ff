/** The one stylesheet, imported for its side effect: esbuild bundles it into the app's CSS file. */
declare module '*.css';
