// Vite bundles CSS imported from modules; the web tsconfig has no vite/client types, so declare it
// here.
declare module '*.css';
