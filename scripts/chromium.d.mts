export declare const CHROMIUM_ENV_VAR: string;
export declare function findChromium(): string | undefined;
export declare const CHROMIUM_ARGS: string[];
