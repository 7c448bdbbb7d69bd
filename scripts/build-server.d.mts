export declare function buildServer(outDir?: string, options?: { sourcemap?: boolean }): Promise<void>;
