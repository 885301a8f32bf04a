// Stylesheets (RainbowKit's) are imported for their side effect and bundled by Rspack
// (`type: 'css/auto'`); TypeScript 6 checks that a side-effect import resolves, so this says
// they exist and export nothing.
declare module '*.css' {}
