// Typings of build-server.mjs, for the TypeScript that calls it (benchmarks, tests).
/** apps/server/dist: the compiled entry points (server.js, worker.js, check-sites.js). */
export declare const serverDist: string;
/** Builds the server when its sources changed (or when forced); resolves whether it built. */
export declare function buildServer(options?: { force?: boolean; quiet?: boolean }): Promise<boolean>;
/** The Node flags every launcher runs the compiled server and worker with. */
export declare const serverNodeFlags: readonly string[];
/** The newest change time of a file, or of any file in a folder (0 when it does not exist). */
export declare function newestMtime(target: string): number;
