/** The hash in the names of the built text files (vite.config.ts). */
declare module 'virtual:locale-files' {
  const hash: string;
  export default hash;
}
